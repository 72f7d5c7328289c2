import { ORDER_SORTS, type OrderListQuery, type OrderSort } from '@shop/contracts';
import { BooleanFilter, DayFilter, ListQueryDto, SortOf } from '@shop/service-kit';

/**
 * GET /api/orders and GET /api/orders/export (admin): `search` matches an order id (whole, or its first
 * characters) or the customer's name or email; the filters narrow by payment, delivery and day.
 */
export class ListOrdersQuery extends ListQueryDto implements OrderListQuery {
  @SortOf(ORDER_SORTS, 'The column to sort by (missing: createdAt, newest first)')
  sort?: OrderSort;

  @BooleanFilter('Only paid orders (true) or only unpaid ones (false)')
  paid?: boolean;

  @BooleanFilter('Only delivered orders (true) or only undelivered ones (false)')
  delivered?: boolean;

  @DayFilter('Orders placed on this day (UTC) or later')
  from?: string;

  @DayFilter('Orders placed on this day (UTC) or earlier')
  to?: string;
}
