import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsUUID, Matches } from 'class-validator';
import type { ProductUpdateInput } from '@shop/contracts';
import { IsDollarAmount, IsText, IsWholeNumber, Trimmed } from '../../validation.js';

export const PRODUCT_LIMITS = {
  name: 200,
  image: 500,
  brand: 100,
  category: 100,
  description: 5000,
  price: 1_000_000,
  countInStock: 1_000_000,
} as const;

/** A path on this shop ('/uploads/x.png') or an http(s) URL, without spaces; linear: no two parts can take the same character. */
const IMAGE_PATH_OR_URL = /^(?:\/(?!\/)\S*|https?:\/\/[^\s/]\S*)$/i;

/** PUT /api/products/{id}: every field of the product (text fields are trimmed). */
export class UpdateProductDto implements ProductUpdateInput {
  @ApiPropertyOptional({ format: 'uuid', description: 'When sent, must be the id in the path' })
  @IsOptional()
  @IsUUID(undefined, { message: '_id must be a product id (a UUID)' })
  _id?: string;

  @ApiProperty({ maxLength: PRODUCT_LIMITS.name, example: 'Wireless Mouse' })
  @Trimmed()
  @IsText(PRODUCT_LIMITS.name)
  name: string;

  @ApiProperty({ description: 'US dollars, at most 2 decimals', minimum: 0, maximum: PRODUCT_LIMITS.price, example: 49.99 })
  @IsDollarAmount(PRODUCT_LIMITS.price)
  price: number;

  @ApiProperty({ maxLength: PRODUCT_LIMITS.image, description: "A path on this shop (as POST /api/upload answers it) or an http(s) URL", example: '/uploads/3f2a9c1e-7b4d-4e8a-9f0b-2c6d8e1a5b7c.png' })
  @Trimmed()
  @IsText(PRODUCT_LIMITS.image)
  @Matches(IMAGE_PATH_OR_URL, { message: 'image must be a path such as /uploads/photo.png or an http(s) URL' })
  image: string;

  @ApiProperty({ maxLength: PRODUCT_LIMITS.brand, example: 'Logitech' })
  @Trimmed()
  @IsText(PRODUCT_LIMITS.brand, { allowEmpty: true })
  brand: string;

  @ApiProperty({ maxLength: PRODUCT_LIMITS.category, example: 'Accessories' })
  @Trimmed()
  @IsText(PRODUCT_LIMITS.category, { allowEmpty: true })
  category: string;

  @ApiProperty({ minimum: 0, maximum: PRODUCT_LIMITS.countInStock, example: 12 })
  @IsWholeNumber(0, PRODUCT_LIMITS.countInStock)
  countInStock: number;

  @ApiProperty({ maxLength: PRODUCT_LIMITS.description, example: 'A quiet mouse with a long battery life.' })
  @Trimmed()
  @IsText(PRODUCT_LIMITS.description, { allowEmpty: true })
  description: string;
}
