import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional } from 'class-validator';
import { IsWholeNumber } from '@shop/service-kit';

/** How many products GET /api/products/low-stock answers at most when not told, and at most when told. */
export const LOW_STOCK_DEFAULT_LIMIT = 10;
export const LOW_STOCK_MAX_LIMIT = 50;

/** GET /api/products/low-stock?limit= (admin). */
export class LowStockQuery {
  @ApiPropertyOptional({ description: 'How many products to answer at most (missing or empty: 10)', minimum: 1, maximum: LOW_STOCK_MAX_LIMIT, example: 10 })
  @IsOptional()
  // Only plain digits become a number; '1.5', '1e3', 'abc' and arrays stay as they are and fail validation.
  @Transform(({ value }: { value: unknown }) => {
    if (value === '') return undefined;
    return typeof value === 'string' && /^[0-9]{1,6}$/.test(value) ? Number(value) : value;
  })
  @IsWholeNumber(1, LOW_STOCK_MAX_LIMIT)
  limit?: number;
}
