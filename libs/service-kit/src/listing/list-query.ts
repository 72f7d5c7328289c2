import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, ValidateBy } from 'class-validator';
import { DEFAULT_PAGE_SIZE, MAX_LIST_SEARCH_LENGTH, MAX_PAGE_SIZE, SORT_DIRECTIONS, type SortDirection } from '@shop/contracts';
import { PageNumber } from '../page-number.js';
import { IsText, IsWholeNumber, Trimmed } from '../validators.js';

/*
 * The query parameters every admin table's call takes (libs/contracts listing.ts): pageNumber,
 * pageSize, sort, direction and search, each validated with one clear message, so a malformed or
 * repeated parameter is a 400, never a 5xx. A table's own DTO extends ListQueryDto and declares its
 * `sort` with SortOf(its columns), and its own filters.
 */

/** Only plain digits become a number; anything else stays as it came and fails validation. */
const digitsToNumber = Transform(({ value }: { value: unknown }) => {
  if (value === '') return undefined;
  return typeof value === 'string' && /^[0-9]{1,16}$/.test(value) ? Number(value) : value;
});

/** An empty parameter is a missing one (`?sort=` as from a form left blank). */
const emptyIsMissing = Transform(({ value }: { value: unknown }) => (value === '' ? undefined : value));

/** One of `values` (a repeated parameter, an array, is never one). */
export function IsOneOf(values: readonly string[]): PropertyDecorator {
  return ValidateBy({
    name: 'isOneOf',
    constraints: [values],
    validator: {
      validate: (value: unknown) => typeof value === 'string' && values.includes(value),
      defaultMessage: (args) => `${args?.property ?? 'value'} must be one of: ${values.join(', ')}`,
    },
  });
}

/** The `sort` parameter of a table whose sortable columns are `columns`. */
export function SortOf(columns: readonly string[], description: string): PropertyDecorator {
  return OneOfFilter(columns, description);
}

/** A filter that takes one of `values` (missing or empty: no filter), such as an order's state. */
export function OneOfFilter(values: readonly string[], description: string): PropertyDecorator {
  const decorators = [ApiPropertyOptional({ enum: values, description }), IsOptional(), emptyIsMissing, IsOneOf(values)];
  return (target, property) => decorators.forEach((decorate) => decorate(target, property));
}

/** What the admin tables' calls share; a table adds its `sort` (SortOf) and its filters. */
export class ListQueryDto {
  @PageNumber()
  pageNumber?: number;

  @ApiPropertyOptional({ description: `Rows a page, from 1 to ${MAX_PAGE_SIZE} (missing or empty: ${DEFAULT_PAGE_SIZE})`, minimum: 1, maximum: MAX_PAGE_SIZE })
  @IsOptional()
  @digitsToNumber
  @IsWholeNumber(1, MAX_PAGE_SIZE)
  pageSize?: number;

  @ApiPropertyOptional({ enum: SORT_DIRECTIONS, description: 'Order of the sorted column: asc unless said (read only with sort)' })
  @IsOptional()
  @emptyIsMissing
  @IsOneOf(SORT_DIRECTIONS)
  direction?: SortDirection;

  @ApiPropertyOptional({ description: 'Plain text, matched case-insensitively (trimmed; empty: no search)', maxLength: MAX_LIST_SEARCH_LENGTH })
  @IsOptional()
  @Trimmed()
  @IsText(MAX_LIST_SEARCH_LENGTH, { allowEmpty: true })
  search?: string;
}

/** A `true`/`false` filter parameter (anything else, such as `yes` or a repeated one, fails validation). */
export function BooleanFilter(description: string): PropertyDecorator {
  const decorators = [
    ApiPropertyOptional({ type: Boolean, description }),
    IsOptional(),
    Transform(({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value === '' ? undefined : value)),
    ValidateBy({
      name: 'isBooleanText',
      validator: {
        validate: (value: unknown) => typeof value === 'boolean',
        defaultMessage: (args) => `${args?.property ?? 'value'} must be true or false`,
      },
    }),
  ];
  return (target, property) => decorators.forEach((decorate) => decorate(target, property));
}

/** A day `YYYY-MM-DD` that exists in the calendar (2025-02-30 does not), from year 2000 to 9999. */
export function DayFilter(description: string): PropertyDecorator {
  const decorators = [
    ApiPropertyOptional({ type: String, format: 'date', description }),
    IsOptional(),
    emptyIsMissing,
    ValidateBy({
      name: 'isDay',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && isCalendarDay(value),
        defaultMessage: (args) => `${args?.property ?? 'value'} must be a day written YYYY-MM-DD`,
      },
    }),
  ];
  return (target, property) => decorators.forEach((decorate) => decorate(target, property));
}

function isCalendarDay(text: string): boolean {
  if (!/^[2-9][0-9]{3}-[0-9]{2}-[0-9]{2}$/.test(text)) return false;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(text);
}

/** A list query's page, size and direction with their defaults applied. */
export interface ListWindow {
  page: number;
  pageSize: number;
  offset: number;
}

/** The page and its size a query asks for, defaults applied. */
export function windowOf(query: Pick<ListQueryDto, 'pageNumber' | 'pageSize'>): ListWindow {
  const page = query.pageNumber ?? 1;
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
  return { page, pageSize, offset: (page - 1) * pageSize };
}

/**
 * `text` as a LIKE/ILIKE pattern that matches it anywhere, every character taken literally: `%`, `_`
 * and the escape character itself are escaped (with the default escape, backslash).
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
