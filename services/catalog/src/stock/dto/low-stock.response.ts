import { ApiProperty } from '@nestjs/swagger';

/** A product that is running out. */
export class LowStockProductResponse {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty() name: string;
  @ApiProperty({ minimum: 0 }) countInStock: number;
}

/** GET /api/products/low-stock: the products with the least stock, at or under the threshold. */
export class LowStockResponse {
  @ApiProperty({ description: 'A product is listed when its stock is at most this', example: 5 }) threshold: number;
  @ApiProperty({ type: [LowStockProductResponse], description: 'Least stock first, then by name' }) products: LowStockProductResponse[];
}
