import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional } from 'class-validator';
import { IsText, IsWholeNumber, Trimmed } from '../../validation.js';

/** Highest page number accepted; far beyond any real catalog, low enough to keep the offset sane. */
export const MAX_PAGE_NUMBER = 1_000_000;
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

  @ApiPropertyOptional({ description: 'The page to answer, from 1 (missing or empty: 1)', minimum: 1, maximum: MAX_PAGE_NUMBER, example: 1 })
  @IsOptional()
  // Only plain digits become a number; '1.5', '1e3', ' 2', 'abc' stay strings and fail validation.
  @Transform(({ value }: { value: unknown }) => {
    if (value === '') return undefined;
    return typeof value === 'string' && /^[0-9]{1,16}$/.test(value) ? Number(value) : value;
  })
  @IsWholeNumber(1, MAX_PAGE_NUMBER)
  pageNumber?: number;
}
