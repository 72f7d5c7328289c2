import { randomUUID } from 'node:crypto';
import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import {
  PRODUCTS_PAGE_SIZE,
  Subjects,
  TOP_PRODUCTS_COUNT,
  type ProductDetailDto,
  type ProductDto,
  type ProductListDto,
  type ProductSitemapDto,
  SITEMAP_PAGE_SIZE,
} from '@shop/contracts';
import { Outbox } from '@shop/event-bus';
import { toCents } from '@shop/pricing';
import { Review } from '../reviews/review.entity.js';
import { SAMPLE_IMAGE_PATH } from '../uploads/image-files.js';
import type { UpdateProductDto } from './dto/update-product.dto.js';
import { Product } from './product.entity.js';
import { ProductReadCache, type ProductRead } from './product-read-cache.js';
import { productChangedOf, toProductDto, toReviewDto } from './product.views.js';

export const PRODUCT_NOT_FOUND = 'Product not found';

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
   * One page of the products whose name contains `keyword` (plain text, any
   * case: it is a bound parameter compared with strpos, so no character is a
   * wildcard), newest first. A page beyond the last answers no products.
   * Served from the read cache (see ProductReadCache).
   */
  list(keyword: string | undefined, page: number): Promise<ProductRead> {
    return this.cache.read(`list ${page} ${keyword ?? ''}`, () => this.listFromDatabase(keyword, page));
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

  private async listFromDatabase(keyword: string | undefined, page: number): Promise<ProductListDto> {
    const query = this.products.createQueryBuilder('product');
    if (keyword) query.where('strpos(lower(product.name), lower(:keyword)) > 0', { keyword });
    const [products, count] = await query
      .orderBy('product.createdAt', 'DESC')
      .addOrderBy('product.id', 'DESC')
      .offset((page - 1) * PRODUCTS_PAGE_SIZE)
      .limit(PRODUCTS_PAGE_SIZE)
      .getManyAndCount();
    return { products: products.map(toProductDto), page, pages: Math.ceil(count / PRODUCTS_PAGE_SIZE) };
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
