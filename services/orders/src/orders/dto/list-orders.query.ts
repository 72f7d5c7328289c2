import { PageNumber } from '@shop/service-kit';

/** GET /api/orders?pageNumber= (admin). */
export class ListOrdersQuery {
  @PageNumber()
  pageNumber?: number;
}
