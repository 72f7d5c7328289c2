import { Controller, Get, Header, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiForbiddenResponse, ApiOkResponse, ApiOperation, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { AdminOnly } from '@shop/service-kit';
import { LOW_STOCK_DEFAULT_LIMIT, LowStockQuery } from './dto/low-stock.query.js';
import { LowStockResponse } from './dto/low-stock.response.js';
import { LOW_STOCK_THRESHOLD, LowStockService } from './low-stock.service.js';

/**
 * Stock reads for admins. StockModule is imported before ProductsModule (app.module.ts), so Nest matches
 * `/api/products/low-stock` here before ProductsController's `/api/products/:id` could take it.
 */
@ApiTags('products')
@Controller('api/products/low-stock')
export class StockController {
  constructor(private readonly lowStock: LowStockService) {}

  @Get()
  @AdminOnly()
  // Admin data: no browser or shared cache keeps it (the gateway's cache stores only what says public).
  @Header('Cache-Control', 'private, no-store')
  @ApiOperation({ summary: `The products with at most ${LOW_STOCK_THRESHOLD} in stock, least first (admin dashboard)`, description: 'Admins only: the stock view of the admin dashboard.' })
  @ApiOkResponse({ type: LowStockResponse })
  @ApiBadRequestResponse({ description: 'A limit that is not a whole number from 1 to 50, or an unknown parameter' })
  @ApiUnauthorizedResponse({ description: 'No token' })
  @ApiForbiddenResponse({ description: 'Not an admin' })
  list(@Query() query: LowStockQuery): Promise<LowStockResponse> {
    return this.lowStock.list(query.limit ?? LOW_STOCK_DEFAULT_LIMIT);
  }
}
