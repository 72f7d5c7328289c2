import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional } from 'class-validator';
import { IsWholeNumber } from './validators.js';

/** Highest page number a paged list accepts; far beyond any real table, low enough to keep the offset sane. */
export const MAX_PAGE_NUMBER = 1_000_000;

/**
 * The `pageNumber` query parameter of a paged list (products, users, orders), the same everywhere:
 * optional (missing or empty: page 1, which the caller defaults), plain digits only, from 1 to
 * MAX_PAGE_NUMBER; anything else (`abc`, `-1`, `1.5`, `1e3`, a repeated parameter, a number past
 * the limit) fails validation with one message, so the answer is a 400, never a 5xx.
 */
export function PageNumber(): PropertyDecorator {
  const decorators: PropertyDecorator[] = [
    ApiPropertyOptional({ description: 'The page to answer, from 1 (missing or empty: 1)', minimum: 1, maximum: MAX_PAGE_NUMBER, example: 1 }),
    IsOptional(),
    // Only plain digits become a number; '1.5', '1e3', ' 2', 'abc' and arrays stay as they are and fail validation.
    Transform(({ value }: { value: unknown }) => {
      if (value === '') return undefined;
      return typeof value === 'string' && /^[0-9]{1,16}$/.test(value) ? Number(value) : value;
    }),
    IsWholeNumber(1, MAX_PAGE_NUMBER),
  ];
  return (target, property) => {
    for (const decorate of decorators) decorate(target, property);
  };
}

/** How many pages `count` rows fill at `pageSize` a page (0 when there are none). */
export const pagesOf = (count: number, pageSize: number): number => Math.ceil(count / pageSize);
