import { randomUUID } from 'node:crypto';
import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import {
  PRICE_RANGES,
  PRODUCT_SUGGESTIONS_COUNT,
  PRODUCTS_PAGE_SIZE,
  RATING_FLOORS,
  Subjects,
  TOP_PRODUCTS_COUNT,
  type ProductDetailDto,
  type ProductDto,
  type ProductFacetsDto,
  type ProductListDto,
  type ProductSuggestionsDto,
  type ProductSitemapDto,
  SITEMAP_PAGE_SIZE,
} from '@shop/contracts';
import { Outbox } from '@shop/event-bus';
import { toCents, toDollars } from '@shop/pricing';
import { Review } from '../reviews/review.entity.js';
import { SAMPLE_IMAGE_PATH } from '../uploads/image-files.js';
import type { UpdateProductDto } from './dto/update-product.dto.js';
import { Product } from './product.entity.js';
import { ProductReadCache, type ProductRead } from './product-read-cache.js';
import {
  filterConditions,
  isFiltered,
  orderOf,
  PRICE_RANGE_SQL,
  productSearchOf,
  rankOf,
  RATING_FLOORS_SQL,
  searchKeyOf,
  searchTermsOf,
  SqlParameters,
  TSQUERY_OF_TERMS_SQL,
  type ProductSearch,
  type ProductSearchInput,
  type SearchFilter,
} from './product-search.js';
import { productChangedOf, toProductDto, toReviewDto } from './product.views.js';

export const PRODUCT_NOT_FOUND = 'Product not found';
export const PRICE_RANGE_REVERSED = 'minPrice must not be over maxPrice';

/** Most categories and brands the facets answer (those with the most products). */
const MAX_FACET_VALUES = 30;

/** A product row as the search statements select it. */
interface ProductRow {
  id: string;
  name: string;
  image: string;
  brand: string;
  category: string;
  description: string;
  price_cents: number;
  count_in_stock: number;
  rating: number;
  num_reviews: number;
  created_at: Date;
  updated_at: Date;
  total: number;
}

const PRODUCT_COLUMNS = 'id, name, image, brand, category, description, price_cents, count_in_stock, rating, num_reviews, created_at, updated_at';

const productDtoOfRow = (row: ProductRow): ProductDto => ({
  _id: row.id,
  name: row.name,
  image: row.image,
  brand: row.brand,
  category: row.category,
  description: row.description,
  price: toDollars(row.price_cents),
  countInStock: row.count_in_stock,
  rating: row.rating,
  numReviews: row.num_reviews,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

/** The fields of the sample product POST /api/products creates for the admin to edit. */
export const SAMPLE_PRODUCT = {
  name: 'Sample name',
  image: SAMPLE_IMAGE_PATH,
  brand: 'Sample brand',
  category: 'Sample category',
  description: 'Sample description',
  priceCents: 0,
  countInStock: 0,
} as const;

@Injectable()
export class ProductsService {
  constructor(
    @InjectRepository(Product) private readonly products: Repository<Product>,
    @InjectRepository(Review) private readonly reviews: Repository<Review>,
    private readonly outbox: Outbox,
    private readonly cache: ProductReadCache,
  ) {}

  /**
   * One page of the products a search asks for (docs/catalog.md, "Search"): its words in the name,
   * brand, category or description (as words or their starts, misspelt ones corrected), its filters,
   * in its order (relevance by default with words, newest first without). Without words or filters:
   * every product, newest first. A page beyond the last answers no products. Served from the read
   * cache, keyed by the normalised search (see ProductReadCache).
   */
  list(input: ProductSearchInput, page: number): Promise<ProductRead> {
    const search = this.searchOf(input);
    if (!isFiltered(search) && search.sort === 'newest') {
      return this.cache.read(`list ${page} `, () => this.listFromDatabase(page));
    }
    return this.cache.read(searchKeyOf(`list ${page}`, search), () => this.searchFromDatabase(search, page));
  }

  /**
   * How many products each facet value would leave (categories, brands, price ranges, rating floors,
   * in stock), each facet counted with every other filter applied but not its own. Read-cached.
   */
  facets(input: ProductSearchInput): Promise<ProductRead> {
    const search = { ...this.searchOf(input), sort: 'newest' as const };
    return this.cache.read(searchKeyOf('facets', search), () => this.facetsFromDatabase(search));
  }

  /** The best few products for what a shopper has typed so far (the header's suggestions). Read-cached. */
  suggestions(typed: string | undefined): Promise<ProductRead> {
    const terms = searchTermsOf(typed);
    return this.cache.read(`suggestions ${JSON.stringify(terms)}`, () => this.suggestionsFromDatabase(terms));
  }

  /** The best-rated products for the carousel: highest rating first, then more reviews, then newest. */
  top(): Promise<ProductRead> {
    return this.cache.read('top', () => this.topFromDatabase());
  }

  /**
   * A product with its reviews, newest first (404 when there is none): always from the database (a
   * buyer sees the stock of the moment), one read at a time per product however many ask at once.
   */
  detail(id: string): Promise<ProductRead> {
    return this.cache.read(`detail ${id.toLowerCase()}`, () => this.detailFromDatabase(id), { keep: false });
  }

  /**
   * One page of every product's id and last change, oldest first (SITEMAP_PAGE_SIZE a page), for the
   * shop's sitemap (docs/ssr.md). Served from the read cache as the lists are.
   */
  sitemap(page: number): Promise<ProductRead> {
    return this.cache.read(`sitemap ${page}`, () => this.sitemapFromDatabase(page));
  }

  private async sitemapFromDatabase(page: number): Promise<ProductSitemapDto> {
    const [products, total] = await this.products
      .createQueryBuilder('product')
      .select(['product.id', 'product.updatedAt'])
      .orderBy('product.createdAt', 'ASC')
      .addOrderBy('product.id', 'ASC')
      .offset((page - 1) * SITEMAP_PAGE_SIZE)
      .limit(SITEMAP_PAGE_SIZE)
      .getManyAndCount();
    return {
      products: products.map((product) => ({ _id: product.id, updatedAt: product.updatedAt.toISOString() })),
      page,
      pages: Math.max(1, Math.ceil(total / SITEMAP_PAGE_SIZE)),
      total,
    };
  }

  private searchOf(input: ProductSearchInput): ProductSearch {
    if (input.minPrice !== undefined && input.maxPrice !== undefined && input.minPrice > input.maxPrice) {
      throw new BadRequestException(PRICE_RANGE_REVERSED);
    }
    return productSearchOf(input);
  }

  private async listFromDatabase(page: number): Promise<ProductListDto> {
    const [products, count] = await this.products
      .createQueryBuilder('product')
      .orderBy('product.createdAt', 'DESC')
      .addOrderBy('product.id', 'DESC')
      .offset((page - 1) * PRODUCTS_PAGE_SIZE)
      .limit(PRODUCTS_PAGE_SIZE)
      .getManyAndCount();
    return { products: products.map(toProductDto), page, pages: Math.ceil(count / PRODUCTS_PAGE_SIZE) };
  }

  /**
   * The tsquery of a search's words (see TSQUERY_OF_TERMS_SQL); undefined without a keyword, null when
   * the keyword leaves nothing to look for (punctuation or stop words only): such a search finds nothing.
   */
  private async queryOf({ terms, wordless }: Pick<ProductSearch, 'terms' | 'wordless'>): Promise<string | null | undefined> {
    if (wordless) return null;
    if (terms.length === 0) return undefined;
    const [row] = (await this.products.query(TSQUERY_OF_TERMS_SQL, [terms])) as { query: string | null }[];
    return row?.query ?? null;
  }

  private async searchFromDatabase(search: ProductSearch, page: number): Promise<ProductListDto> {
    const query = await this.queryOf(search);
    if (query === null) return { products: [], page, pages: 0 };
    const parameters = new SqlParameters();
    const queryParameter = query === undefined ? undefined : parameters.add(query);
    const where = Object.values(filterConditions(search, queryParameter, parameters)).join(' AND ');
    const order = orderOf(search.sort, queryParameter && rankOf(queryParameter));
    // The page's ids (and the count) first, over narrow rows: the window then holds ids, not whole
    // products (a wide window spilled to disk on a search matching thousands); the 8 rows after.
    const rows = (await this.products.query(
      `SELECT ${PRODUCT_COLUMNS}, page.total FROM (
         SELECT id, count(*) OVER ()::int AS total FROM product WHERE ${where} ORDER BY ${order}
         OFFSET ${parameters.add((page - 1) * PRODUCTS_PAGE_SIZE)} LIMIT ${parameters.add(PRODUCTS_PAGE_SIZE)}
       ) page JOIN product USING (id) ORDER BY ${order}`,
      parameters.values,
    )) as ProductRow[];
    // The count rides on the page's rows; a page past the last has none, so it is counted apart.
    const total = rows[0]?.total ?? (page > 1 ? await this.countOf(where, parameters.values.slice(0, -2)) : 0);
    return { products: rows.map(productDtoOfRow), page, pages: Math.ceil(total / PRODUCTS_PAGE_SIZE) };
  }

  private async countOf(where: string, values: unknown[]): Promise<number> {
    const [row] = (await this.products.query(`SELECT count(*)::int AS total FROM product WHERE ${where}`, values)) as { total: number }[];
    return row?.total ?? 0;
  }

  private async facetsFromDatabase(search: ProductSearch): Promise<ProductFacetsDto> {
    const empty: ProductFacetsDto = {
      categories: [],
      brands: [],
      prices: PRICE_RANGES.map((range) => ({ ...range, count: 0 })),
      ratings: RATING_FLOORS.map((rating) => ({ rating, count: 0 })),
      inStock: 0,
      total: 0,
    };
    const query = await this.queryOf(search);
    if (query === null) return empty;
    const parameters = new SqlParameters();
    const queryParameter = query === undefined ? undefined : parameters.add(query);
    const conditions = filterConditions(search, queryParameter, parameters);
    const filters: SearchFilter[] = ['category', 'brand', 'price', 'rating', 'stock'];
    // Each facet is counted over the products that every other filter leaves.
    const allBut = (own: SearchFilter | undefined) => filters.filter((filter) => filter !== own).map((filter) => `by_${filter}`).join(' AND ');
    const rows = (await this.products.query(
      `WITH matched AS MATERIALIZED (
         SELECT category, brand, price_cents, rating, count_in_stock,
           ${filters.map((filter) => `(${conditions[filter]}) AS by_${filter}`).join(', ')}
         FROM product WHERE ${conditions.keyword}
       )
       SELECT 'category' AS facet, min(category) AS value, count(*)::int AS count FROM matched WHERE ${allBut('category')} GROUP BY lower(category)
       UNION ALL
       SELECT 'brand', min(brand), count(*)::int FROM matched WHERE ${allBut('brand')} GROUP BY lower(brand)
       UNION ALL
       SELECT 'price', (${PRICE_RANGE_SQL})::text, count(*)::int FROM matched WHERE ${allBut('price')} GROUP BY 2
       UNION ALL
       SELECT 'rating', rating_floor::text, count(*) FILTER (WHERE rating >= rating_floor)::int FROM matched, unnest(${RATING_FLOORS_SQL}) AS rating_floor
         WHERE ${allBut('rating')} GROUP BY rating_floor
       UNION ALL
       SELECT 'stock', 'true', count(*) FILTER (WHERE count_in_stock > 0)::int FROM matched WHERE ${allBut('stock')}
       UNION ALL
       SELECT 'total', '', count(*)::int FROM matched WHERE ${allBut(undefined)}`,
      parameters.values,
    )) as { facet: string; value: string; count: number }[];
    const facets = empty;
    const byCount = (a: { value: string; count: number }, b: { value: string; count: number }) =>
      b.count - a.count || a.value.localeCompare(b.value);
    for (const { facet, value, count } of rows) {
      if (facet === 'category') facets.categories.push({ value, count });
      else if (facet === 'brand') facets.brands.push({ value, count });
      else if (facet === 'price') facets.prices[Number(value)].count = count;
      else if (facet === 'rating') facets.ratings[RATING_FLOORS.indexOf(Number(value) as (typeof RATING_FLOORS)[number])].count = count;
      else if (facet === 'stock') facets.inStock = count;
      else facets.total = count;
    }
    facets.categories = facets.categories.sort(byCount).slice(0, MAX_FACET_VALUES);
    facets.brands = facets.brands.sort(byCount).slice(0, MAX_FACET_VALUES);
    return facets;
  }

  private async suggestionsFromDatabase(terms: string[]): Promise<ProductSuggestionsDto> {
    const query = await this.queryOf({ terms, wordless: false });
    if (!query) return { suggestions: [] };
    const rows = (await this.products.query(
      `SELECT id, name, brand, category FROM product WHERE search_vector @@ $1::tsquery
       ORDER BY ${orderOf('relevance', rankOf('$1'))} LIMIT ${PRODUCT_SUGGESTIONS_COUNT}`,
      [query],
    )) as { id: string; name: string; brand: string; category: string }[];
    return { suggestions: rows.map(({ id, name, brand, category }) => ({ _id: id, name, brand, category })) };
  }

  private async topFromDatabase(): Promise<ProductDto[]> {
    const products = await this.products.find({
      order: { rating: 'DESC', numReviews: 'DESC', createdAt: 'DESC', id: 'DESC' },
      take: TOP_PRODUCTS_COUNT,
    });
    return products.map(toProductDto);
  }

  private async detailFromDatabase(id: string): Promise<ProductDetailDto> {
    const product = await this.products.findOneBy({ id });
    if (!product) throw new NotFoundException(PRODUCT_NOT_FOUND);
    const reviews = await this.reviews.find({ where: { productId: id }, order: { createdAt: 'DESC', id: 'DESC' } });
    return { ...toProductDto(product), reviews: reviews.map(toReviewDto) };
  }

  /** Creates the sample product an admin then edits, and tells the other services. */
  async createSample(): Promise<ProductDto> {
    const now = new Date();
    const product = await this.changingProducts(() => this.outbox.transaction(async (manager, emit) => {
      const created = manager.create(Product, {
        ...SAMPLE_PRODUCT,
        id: randomUUID(),
        rating: 0,
        numReviews: 0,
        createdAt: now,
        updatedAt: now,
      });
      await manager.insert(Product, created);
      await emit(Subjects.ProductCreated, productChangedOf(created));
      return created;
    }));
    return toProductDto(product);
  }

  /** Replaces a product's editable fields; rating, reviews and creation date stay. */
  async update(id: string, input: UpdateProductDto): Promise<ProductDto> {
    if (typeof input._id === 'string' && input._id.toLowerCase() !== id.toLowerCase()) {
      throw new BadRequestException('_id must be the id of the product in the path');
    }
    const product = await this.changingProducts(() => this.outbox.transaction(async (manager, emit) => {
      const found = await manager.findOne(Product, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!found) throw new NotFoundException(PRODUCT_NOT_FOUND);
      const changes = {
        name: input.name,
        image: input.image,
        brand: input.brand,
        category: input.category,
        description: input.description,
        priceCents: toCents(input.price),
        countInStock: input.countInStock,
        updatedAt: new Date(),
      };
      await manager.update(Product, { id }, changes);
      Object.assign(found, changes);
      await emit(Subjects.ProductUpdated, productChangedOf(found));
      return found;
    }));
    return toProductDto(product);
  }

  /** Deletes a product with its reviews, and tells the other services. */
  async remove(id: string): Promise<void> {
    await this.changingProducts(() =>
      this.outbox.transaction(async (manager, emit) => {
        const { affected } = await manager.delete(Product, { id });
        if (!affected) throw new NotFoundException(PRODUCT_NOT_FOUND);
        await emit(Subjects.ProductDeleted, { id });
      }),
    );
  }

  /**
   * Runs a change of products, then drops the cached reads here and on the other replicas: after
   * the commit (a read in between may still see the old rows), and also when the change failed
   * (a failed COMMIT may still have committed).
   */
  private async changingProducts<T>(change: () => Promise<T>): Promise<T> {
    try {
      return await change();
    } finally {
      this.cache.productsChanged();
    }
  }
}
