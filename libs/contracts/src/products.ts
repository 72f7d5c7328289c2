/** A review as shown on the product page (spec section 3). */
export interface ReviewDto {
  _id: string;
  name: string;
  rating: number;
  comment: string;
  createdAt: string;
}

/** A product as listed on the home page, the carousel and the admin table. */
export interface ProductDto {
  _id: string;
  name: string;
  image: string;
  brand: string;
  category: string;
  description: string;
  /** US dollars, at most 2 decimals. */
  price: number;
  countInStock: number;
  /** Average review rating, 0 when there is no review. */
  rating: number;
  numReviews: number;
  createdAt: string;
  updatedAt: string;
}

/** GET /api/products/{id}. */
export interface ProductDetailDto extends ProductDto {
  reviews: ReviewDto[];
}

/** GET /api/products. */
export interface ProductListDto {
  products: ProductDto[];
  page: number;
  pages: number;
}

/** The orders GET /api/products can answer in (`sort=`); without one: relevance with a keyword, newest without. */
export const PRODUCT_SORTS = ['relevance', 'price-asc', 'price-desc', 'rating', 'newest'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/**
 * The price ranges the search page offers (dollars; `max` excluded, none: no upper bound). A range is
 * asked as `minPrice=`/`maxPrice=`, so any range works; these are the ones counted as facets.
 */
export const PRICE_RANGES: readonly { min: number; max?: number }[] = [
  { min: 0, max: 25 },
  { min: 25, max: 50 },
  { min: 50, max: 100 },
  { min: 100, max: 200 },
  { min: 200, max: 500 },
  { min: 500 },
];

/** The lowest ratings the search page offers as "n stars & up". */
export const RATING_FLOORS = [4, 3, 2, 1] as const;

/**
 * The filters and order of a product search, as GET /api/products and GET /api/products/facets take
 * them in the query string (`category` and `brand` repeatable: any of them).
 */
export interface ProductSearchQuery {
  keyword?: string;
  pageNumber?: number;
  category?: string[];
  brand?: string[];
  /** Dollars, included. */
  minPrice?: number;
  /** Dollars, excluded. */
  maxPrice?: number;
  /** Average rating at least this (1-5). */
  rating?: number;
  inStock?: boolean;
  sort?: ProductSort;
}

/** One value of a facet and how many products it would leave. */
export interface FacetCountDto {
  value: string;
  count: number;
}

/** A price range of PRICE_RANGES and how many products it would leave. */
export interface PriceRangeCountDto {
  min: number;
  max?: number;
  count: number;
}

/** A rating floor of RATING_FLOORS and how many products rated at least that would be left. */
export interface RatingCountDto {
  rating: number;
  count: number;
}

/**
 * GET /api/products/facets: for each facet, the products each of its values would leave, counted with
 * every other filter of the query applied but not the facet's own (so a shopper sees what widening or
 * changing that one filter would give). Categories and brands: most products first.
 */
export interface ProductFacetsDto {
  categories: FacetCountDto[];
  brands: FacetCountDto[];
  prices: PriceRangeCountDto[];
  ratings: RatingCountDto[];
  inStock: number;
  /** Products the whole query matches. */
  total: number;
}

/** A product the header's search box suggests while a shopper types. */
export interface ProductSuggestionDto {
  _id: string;
  name: string;
  brand: string;
  category: string;
}

/** GET /api/products/suggestions?q=: the best few products for what is typed so far. */
export interface ProductSuggestionsDto {
  suggestions: ProductSuggestionDto[];
}

/** Most suggestions GET /api/products/suggestions answers. */
export const PRODUCT_SUGGESTIONS_COUNT = 6;

/** PUT /api/products/{id}/reviews. */
export interface ReviewInput {
  rating: number;
  comment: string;
}

/** PUT /api/products/{id}. */
export interface ProductUpdateInput {
  _id?: string;
  name: string;
  price: number;
  image: string;
  brand: string;
  category: string;
  countInStock: number;
  description: string;
}

/** Products per page of GET /api/products and the admin products table. */
export const PRODUCTS_PAGE_SIZE = 8;

/** How many products GET /api/products/top answers for the carousel. */
export const TOP_PRODUCTS_COUNT = 3;

/** The review rating choices of spec section 5. */
export const RATING_LABELS = {
  1: 'Poor',
  2: 'Fair',
  3: 'Good',
  4: 'Very Good',
  5: 'Excellent',
} as const;

/** Products a page of GET /api/products/sitemap lists: the most one sitemap file may name (sitemaps.org). */
export const SITEMAP_PAGE_SIZE = 50_000;

/** A product as a sitemap names it: its id and when it last changed. */
export interface SitemapProductDto {
  _id: string;
  updatedAt: string;
}

/** GET /api/products/sitemap?pageNumber=: every product, oldest first, SITEMAP_PAGE_SIZE a page. */
export interface ProductSitemapDto {
  products: SitemapProductDto[];
  page: number;
  pages: number;
  total: number;
}
