import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { PageNumber } from '@shop/service-kit';
import { IsText, Trimmed } from '../../validation.js';

export const MAX_KEYWORD_LENGTH = 100;

/** GET /api/products?keyword=&pageNumber= */
export class ListProductsQuery {
  @ApiPropertyOptional({
    description: 'Part of a product name, matched case-insensitively as plain text (trimmed)',
    maxLength: MAX_KEYWORD_LENGTH,
    example: 'phone',
  })
  @IsOptional()
  @Trimmed()
  @IsText(MAX_KEYWORD_LENGTH, { allowEmpty: true })
  keyword?: string;

  @PageNumber()
  pageNumber?: number;
}
