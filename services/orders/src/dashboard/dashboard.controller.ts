import { Controller, Get, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiForbiddenResponse, ApiOkResponse, ApiOperation, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { AdminOnly } from '@shop/service-kit';
import { DashboardQuery } from './dto/dashboard.query.js';
import { DashboardResponse } from './dto/dashboard.response.js';
import { DashboardService } from './dashboard.service.js';

/**
 * The admin dashboard's orders figures. Its module is imported before OrdersModule (app.module.ts), so
 * Nest matches `/api/orders/dashboard` here before OrdersController's `/api/orders/:id` could take it.
 */
@ApiTags('orders')
@Controller('api/orders/dashboard')
export class DashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  @Get()
  @AdminOnly()
  @ApiOperation({
    summary: 'Sales per UTC day over the last 30 days, the orders of those days by state, and the 10 best-selling products',
    description:
      'Sales are paid orders (not since cancelled or refunded), counted on the UTC day they were paid, at their totals; ' +
      'states count the orders placed in the window; best sellers are units in those paid orders. Not stored by any cache.',
  })
  @ApiOkResponse({ type: DashboardResponse })
  @ApiBadRequestResponse({ description: 'Any query parameter (the call takes none)' })
  @ApiUnauthorizedResponse({ description: 'No token' })
  @ApiForbiddenResponse({ description: 'Not an admin' })
  read(@Query() _query: DashboardQuery): Promise<DashboardResponse> {
    return this.dashboard.read();
  }
}
