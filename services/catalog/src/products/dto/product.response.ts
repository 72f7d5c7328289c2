import { ApiProperty } from '@nestjs/swagger';
import type { ProductDetailDto, ProductDto, ProductListDto, ProductSitemapDto, ReviewDto, SitemapProductDto } from '@shop/contracts';

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
