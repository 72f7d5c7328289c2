import type { OrderState } from './orders.js';

/**
 * The admin tables' calls (GET /api/users, GET /api/orders) answer the spec's shape, a plain array of
 * rows, and say where the rows sit in the whole list in headers, as GitHub's API does:
 * `X-Total-Count` (every row the call's search and filters match) and `Link` (RFC 8288: the first,
 * previous, next and last pages, as addresses relative to the call's own). Paging, sorting, search and
 * filters come as query parameters. A call without paging parameters answers the first page
 * (DEFAULT_PAGE_SIZE rows) and its headers; every matching row at once is the CSV export's job
 * (docs/admin-tables.md says why).
 */

/** Rows a page when the call does not say (`pageSize`): the admin tables' page. */
export const DEFAULT_PAGE_SIZE = 20;

/** The most rows one page may ask for. */
export const MAX_PAGE_SIZE = 100;

/** The longest search text the admin tables accept. */
export const MAX_LIST_SEARCH_LENGTH = 100;

/** How many rows the call's search and filters match, over every page. */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';

/** The pages' addresses (RFC 8288), e.g. `</api/orders?pageNumber=2>; rel="next"`. */
export const LINK_HEADER = 'Link';

/** Order of a sorted column. */
export type SortDirection = 'asc' | 'desc';

export const SORT_DIRECTIONS = ['asc', 'desc'] as const satisfies readonly SortDirection[];

/** What every admin table's call takes: the page, its size, a sort and a search. */
export interface ListQuery<S extends string> {
  /** 1-based; page 1 when missing. */
  pageNumber?: number;
  /** Rows a page, 1 to MAX_PAGE_SIZE; DEFAULT_PAGE_SIZE when missing. */
  pageSize?: number;
  /** The column to sort by; each table has its own default. */
  sort?: S;
  /** `asc` unless said; only read with `sort`. */
  direction?: SortDirection;
  /** Plain text (no wildcard), matched case-insensitively. */
  search?: string;
}

/** The users table's sortable columns; oldest account first when no sort is asked. */
export const USER_SORTS = ['createdAt', 'name', 'email', 'isAdmin'] as const;
export type UserSort = (typeof USER_SORTS)[number];

/** GET /api/users and GET /api/users/export: `search` matches a name or an email. */
export type UserListQuery = ListQuery<UserSort>;

/** The orders table's sortable columns; newest first when no sort is asked. */
export const ORDER_SORTS = ['createdAt', 'totalPrice', 'userName', 'paidAt', 'deliveredAt'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];

/**
 * GET /api/orders and GET /api/orders/export: `search` matches an order id (whole, or its first
 * characters) or the customer's name or email; the filters narrow by state, payment, delivery and day.
 */
export interface OrderListQuery extends ListQuery<OrderSort> {
  /** Orders in this state (ORDER_STATES) only. */
  state?: OrderState;
  paid?: boolean;
  delivered?: boolean;
  /** First day (YYYY-MM-DD, UTC) of the orders' creation, inclusive. */
  from?: string;
  /** Last day (YYYY-MM-DD, UTC) of the orders' creation, inclusive. */
  to?: string;
}
