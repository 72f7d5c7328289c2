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
