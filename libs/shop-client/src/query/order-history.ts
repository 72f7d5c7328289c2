import { MAX_PAGE_SIZE, type OrderDto } from '@shop/contracts';
import { apiGet } from '../api/operations.js';
import { useSession } from '../store/hooks.js';
import { shopKeys } from './query-keys.js';
import { useShopQuery } from './shop-query.js';

/** What of an order moves its history on: a change in any of them is a new step to show. */
export type OrderProgress = Pick<OrderDto, 'status' | 'isPaid' | 'isDelivered'>;

/**
 * Steps asked for at once: the most one page may hold. An order makes a handful (placed, confirmed,
 * paid, delivered, perhaps cancelled or refunded; for admins also its mails, refused payments and refund
 * retries), so this one page is its whole history and no reader follows the `Link` header.
 */
export const ORDER_HISTORY_PAGE_SIZE = MAX_PAGE_SIZE;

/**
 * An order's history (GET /api/orders/{id}/history), oldest first: the buyer's steps for its buyer,
 * every step with who made it and its details for an admin (the server decides). Shared by checkout's
 * timeline and admin's table, one cache entry for both: keyed under the order and on its progress
 * (`order`: status, isPaid, isDelivered as the page shows them), so each change the order query sees (the
 * poll turning a pending order confirmed, a payment, a delivery) reads the history again; the steps
 * already shown stay until the new ones arrive, so a timeline never blinks out. Idle while signed out or
 * without an id.
 */
export function useOrderHistory(id: string, order: OrderProgress) {
  const { isSignedIn } = useSession();
  const { status, isPaid, isDelivered } = order;
  return useShopQuery({
    queryKey: [...shopKeys.orders.detail(id), 'history', { status, isPaid, isDelivered }],
    get: apiGet('/api/orders/{id}/history', { params: { id }, query: { pageNumber: 1, pageSize: ORDER_HISTORY_PAGE_SIZE } }),
    enabled: isSignedIn && Boolean(id),
    placeholderData: (previous) => previous,
  });
}
