import { ApiProperty } from '@nestjs/swagger';
import { DISPLAY_STATES, type DisplayState } from '../order-display-state.js';

/** One UTC day of the dashboard's sales. */
export class DashboardDayResponse {
  @ApiProperty({ description: 'The UTC day, YYYY-MM-DD', example: '2026-11-26' }) date: string;
  @ApiProperty({ description: 'Orders paid that day (UTC), not refunded since', minimum: 0 }) orders: number;
  @ApiProperty({ description: 'Their totals (items, shipping and tax), US dollars, 2 decimals', example: 1234.5 }) sales: number;
}

/** How many of the orders placed in the window stand in one display state. */
export class DashboardStateResponse {
  @ApiProperty({ enum: DISPLAY_STATES, enumName: 'DashboardOrderState' }) state: DisplayState;
  @ApiProperty({ minimum: 0 }) count: number;
}

/** One of the best-selling products of the window. */
export class DashboardTopProductResponse {
  @ApiProperty({ format: 'uuid' }) productId: string;
  @ApiProperty({ description: 'The name on its most recently paid order line' }) name: string;
  @ApiProperty({ description: 'Units sold in paid orders', minimum: 1 }) quantity: number;
  @ApiProperty({ description: 'Those units at their order prices (without shipping and tax), US dollars, 2 decimals' }) sales: number;
}

/** GET /api/orders/dashboard: the last 30 UTC days of the shop, for admins. */
export class DashboardResponse {
  @ApiProperty({ type: [DashboardDayResponse], description: 'The 30 UTC days up to today, oldest first; a day without sales answers 0' })
  days: DashboardDayResponse[];

  @ApiProperty({ type: [DashboardStateResponse], description: 'The orders placed in those days by display state, every state listed (0 when none)' })
  byState: DashboardStateResponse[];

  @ApiProperty({ type: [DashboardTopProductResponse], description: 'At most 10 products by units sold in those days, most first' })
  topProducts: DashboardTopProductResponse[];

  @ApiProperty({ format: 'date-time', description: 'When the figures were read' }) generatedAt: string;
}
