import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { IsText, Trimmed } from '../../validation.js';
import { MAX_KEYWORD_LENGTH } from './list-products.query.js';

/** GET /api/products/suggestions?q= */
export class ProductSuggestionsQuery {
  @ApiPropertyOptional({ description: 'What the shopper has typed so far (trimmed); the last word may be unfinished', maxLength: MAX_KEYWORD_LENGTH, example: 'ipho' })
  @IsOptional()
  @Trimmed()
  @IsText(MAX_KEYWORD_LENGTH, { allowEmpty: true })
  q?: string;
}
