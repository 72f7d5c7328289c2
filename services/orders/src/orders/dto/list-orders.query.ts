import { ORDER_SORTS, ORDER_STATES, type OrderListQuery, type OrderSort, type OrderState } from '@shop/contracts';
import { PickType } from '@nestjs/swagger';
import { BooleanFilter, DayFilter, ListQueryDto, OneOfFilter, SortOf } from '@shop/service-kit';

/**
 * GET /api/orders and GET /api/orders/export (admin): `search` matches an order id (whole, or its first
 * characters) or the customer's name or email; the filters narrow by state, payment, delivery and day.
 */
export class ListOrdersQuery extends ListQueryDto implements OrderListQuery {
  @SortOf(ORDER_SORTS, 'The column to sort by (missing: createdAt, newest first)')
  sort?: OrderSort;

  @OneOfFilter(ORDER_STATES, "Only orders in this state of their life (docs/orders.md, 'Life cycle')")
  state?: OrderState;

  @BooleanFilter('Only paid orders (true) or only unpaid ones (false)')
  paid?: boolean;

  @BooleanFilter('Only delivered orders (true) or only undelivered ones (false)')
  delivered?: boolean;

  @DayFilter('Orders placed on this day (UTC) or later')
  from?: string;

  @DayFilter('Orders placed on this day (UTC) or earlier')
  to?: string;
}

/** GET /api/orders/{id}/history: the page of steps and its size, as the admin tables take them. */
export class OrderHistoryQuery extends PickType(ListQueryDto, ['pageNumber', 'pageSize'] as const) {}
