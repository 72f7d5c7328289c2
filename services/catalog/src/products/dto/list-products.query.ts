import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional } from 'class-validator';
import { MAX_SEARCH_TEXT_LENGTH, PRODUCT_SORTS, type ProductSort } from '@shop/contracts';
import { PageNumber } from '@shop/service-kit';
import { IsDollarAmount, IsText, IsTextList, IsWholeNumber, Trimmed } from '../../validation.js';

/** The search boxes' limit too (@shop/contracts). */
export const MAX_KEYWORD_LENGTH = MAX_SEARCH_TEXT_LENGTH;
/** Most values of one repeatable filter (`brand`, `category`): more than a shopper ticks, few enough to bound the cache's keys. */
export const MAX_FILTER_VALUES = 10;
/** Longest brand or category asked for: the columns' own length. */
export const MAX_FILTER_VALUE_LENGTH = 100;
/** Highest price a filter accepts (dollars): the highest a product may have. */
export const MAX_FILTER_PRICE = 1_000_000;

/** A query string's number: plain digits with at most 2 decimals become a number; '' is no value; anything else stays and fails. */
const QueryNumber = () =>
  Transform(({ value }: { value: unknown }) => {
    if (value === '') return undefined;
    return typeof value === 'string' && /^[0-9]{1,7}(\.[0-9]{1,2})?$/.test(value) ? Number(value) : value;
  });

/** A repeatable query parameter: one value becomes a list of one; each value trimmed; empty ones dropped. */
const QueryList = () =>
  Transform(({ value }: { value: unknown }) => {
    const list = typeof value === 'string' ? [value] : value;
    if (!Array.isArray(list) || !list.every((item) => typeof item === 'string')) return value;
    const kept = list.map((item: string) => item.trim()).filter((item) => item.length > 0);
    return kept.length > 0 ? kept : undefined;
  });

/**
 * The search filters and order, shared by GET /api/products and GET /api/products/facets. Every value
 * is checked here (a 400 with a message, never a 5xx); the service then normalises them for the cache
 * key and binds them as parameters (docs/catalog.md, "Search").
 */
export class ProductFiltersQuery {
  @ApiPropertyOptional({
    description:
      'Words to find in the name (weighted most), brand, category and description; each word also matches as the start of a word, ' +
      'and a misspelt word (not the start of any known word) is corrected to the nearest known words. Punctuation only separates words (trimmed)',
    maxLength: MAX_KEYWORD_LENGTH,
    example: 'iphone',
  })
  @IsOptional()
  @Trimmed()
  @IsText(MAX_KEYWORD_LENGTH, { allowEmpty: true })
  keyword?: string;

  @ApiPropertyOptional({
    description: `Only products of these categories (any of them; case-insensitive; repeat the parameter, at most ${MAX_FILTER_VALUES})`,
    type: [String],
    example: ['Cameras'],
  })
  @IsOptional()
  @QueryList()
  @IsTextList(MAX_FILTER_VALUES, MAX_FILTER_VALUE_LENGTH)
  category?: string[];

  @ApiPropertyOptional({
    description: `Only products of these brands (any of them; case-insensitive; repeat the parameter, at most ${MAX_FILTER_VALUES})`,
    type: [String],
    example: ['Apple'],
  })
  @IsOptional()
  @QueryList()
  @IsTextList(MAX_FILTER_VALUES, MAX_FILTER_VALUE_LENGTH)
  brand?: string[];

  @ApiPropertyOptional({ description: 'Only products of at least this price (dollars, included)', minimum: 0, maximum: MAX_FILTER_PRICE, example: 100 })
  @IsOptional()
  @QueryNumber()
  @IsDollarAmount(MAX_FILTER_PRICE)
  minPrice?: number;

  @ApiPropertyOptional({ description: 'Only products under this price (dollars, excluded)', minimum: 0, maximum: MAX_FILTER_PRICE, example: 200 })
  @IsOptional()
  @QueryNumber()
  @IsDollarAmount(MAX_FILTER_PRICE)
  maxPrice?: number;

  @ApiPropertyOptional({ description: 'Only products rated at least this on average (1-5)', minimum: 1, maximum: 5, example: 4 })
  @IsOptional()
  @QueryNumber()
  @IsWholeNumber(1, 5)
  rating?: number;

  @ApiPropertyOptional({ description: 'true: only products in stock; false or missing: every product', enum: ['true', 'false'] })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' || value === '' ? undefined : value))
  @IsIn([true], { message: 'inStock must be true or false' })
  inStock?: boolean;
}

/** GET /api/products?keyword=&pageNumber=&category=&brand=&minPrice=&maxPrice=&rating=&inStock=&sort= */
export class ListProductsQuery extends ProductFiltersQuery {
  @PageNumber()
  pageNumber?: number;

  @ApiPropertyOptional({
    description: 'The order: relevance (the default with a keyword), newest (the default without), price-asc, price-desc, rating',
    enum: PRODUCT_SORTS,
  })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (value === '' ? undefined : value))
  @IsIn(PRODUCT_SORTS, { message: `sort must be one of ${PRODUCT_SORTS.join(', ')}` })
  sort?: ProductSort;
}
