import { ApiProperty } from '@nestjs/swagger';
import type {
  FacetCountDto,
  PriceRangeCountDto,
  ProductDetailDto,
  ProductDto,
  ProductFacetsDto,
  ProductListDto,
  ProductSitemapDto,
  ProductSuggestionDto,
  ProductSuggestionsDto,
  RatingCountDto,
  ReviewDto,
  SitemapProductDto,
} from '@shop/contracts';

/** A product as every product call answers it (OpenAPI shape of ProductDto). */
export class ProductResponse implements ProductDto {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty() name: string;
  @ApiProperty({ description: 'Image path or URL', example: '/uploads/macbook.svg' }) image: string;
  @ApiProperty() brand: string;
  @ApiProperty() category: string;
  @ApiProperty() description: string;
  @ApiProperty({ description: 'US dollars, at most 2 decimals', example: 1999.99 }) price: number;
  @ApiProperty({ minimum: 0 }) countInStock: number;
  @ApiProperty({ description: 'Average review rating, 0 without reviews', minimum: 0, maximum: 5 }) rating: number;
  @ApiProperty({ minimum: 0 }) numReviews: number;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
}

export class ReviewResponse implements ReviewDto {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty({ description: "The reviewer's name" }) name: string;
  @ApiProperty({ minimum: 1, maximum: 5 }) rating: number;
  @ApiProperty() comment: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

export class ProductDetailResponse extends ProductResponse implements ProductDetailDto {
  @ApiProperty({ type: [ReviewResponse], description: 'Newest first' }) reviews: ReviewResponse[];
}

export class ProductListResponse implements ProductListDto {
  @ApiProperty({ type: [ProductResponse] }) products: ProductResponse[];
  @ApiProperty({ description: 'The page answered' }) page: number;
  @ApiProperty({ description: 'Number of pages of the matching products (0 when none match)' }) pages: number;
}

export class FacetCountResponse implements FacetCountDto {
  @ApiProperty({ description: 'The category or brand, as the products spell it' }) value: string;
  @ApiProperty({ description: 'Products it would leave' }) count: number;
}

export class PriceRangeCountResponse implements PriceRangeCountDto {
  @ApiProperty({ description: 'Dollars, included' }) min: number;
  @ApiProperty({ required: false, description: 'Dollars, excluded (none: no upper bound)' }) max?: number;
  @ApiProperty({ description: 'Products it would leave' }) count: number;
}

export class RatingCountResponse implements RatingCountDto {
  @ApiProperty({ minimum: 1, maximum: 5, description: 'Average rating at least this' }) rating: number;
  @ApiProperty({ description: 'Products it would leave' }) count: number;
}

export class ProductFacetsResponse implements ProductFacetsDto {
  @ApiProperty({ type: [FacetCountResponse], description: 'Most products first, at most 30' }) categories: FacetCountResponse[];
  @ApiProperty({ type: [FacetCountResponse], description: 'Most products first, at most 30' }) brands: FacetCountResponse[];
  @ApiProperty({ type: [PriceRangeCountResponse], description: 'Every price range the search page offers, cheapest first' }) prices: PriceRangeCountResponse[];
  @ApiProperty({ type: [RatingCountResponse], description: 'Every rating floor the search page offers, highest first' }) ratings: RatingCountResponse[];
  @ApiProperty({ description: 'Products in stock it would leave' }) inStock: number;
  @ApiProperty({ description: 'Products the whole query matches' }) total: number;
}

export class ProductSuggestionResponse implements ProductSuggestionDto {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty() name: string;
  @ApiProperty() brand: string;
  @ApiProperty() category: string;
}

export class ProductSuggestionsResponse implements ProductSuggestionsDto {
  @ApiProperty({ type: [ProductSuggestionResponse], description: 'Most relevant first, at most 6' }) suggestions: ProductSuggestionResponse[];
}

/** `{ message }` of a call that answers only a confirmation. */
export class SitemapProductResponse implements SitemapProductDto {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty({ format: 'date-time', description: 'When the product last changed' }) updatedAt: string;
}

export class ProductSitemapResponse implements ProductSitemapDto {
  @ApiProperty({ type: [SitemapProductResponse], description: 'Oldest first' }) products: SitemapProductResponse[];
  @ApiProperty({ description: 'The page answered' }) page: number;
  @ApiProperty({ description: 'Number of pages (1 when there is no product)' }) pages: number;
  @ApiProperty({ description: 'Number of products' }) total: number;
}

export class MessageResponse {
  @ApiProperty() message: string;
}
