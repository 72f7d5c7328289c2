import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderCreateInput, OrderDto, PayStatusInput } from '@shop/contracts';
import type { PageQuery } from '../api/endpoints.js';
import { useSession } from '../store/hooks.js';
import { shopKeys } from './query-keys.js';
import { useShopClient } from './shop-client-provider.js';

/** How often an order waiting for its stock is asked again. */
export const PENDING_ORDER_POLL_MS = 2_000;

/** Places the cart's order; on success the cart is emptied (address and gateway stay). */
export function useCreateOrder() {
  const { api, store } = useShopClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (order: OrderCreateInput) => api.orders.create(order),
    onSuccess: (order) => {
      store.clearCart();
      queryClient.setQueryData(shopKeys.orders.detail(order._id), order);
      return queryClient.invalidateQueries({ queryKey: shopKeys.orders.all, refetchType: 'none' });
    },
  });
}

/**
 * One order. While its stock is being reserved (status 'pending') it is asked again every 2 s,
 * so the page turns to confirmed (payable) or cancelled by itself.
 */
export function useOrder(id: string | undefined) {
  const { api } = useShopClient();
  const { isSignedIn } = useSession();
  return useQuery({
    queryKey: shopKeys.orders.detail(id ?? ''),
    queryFn: () => api.orders.detail(id as string),
    enabled: isSignedIn && Boolean(id),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? PENDING_ORDER_POLL_MS : false),
  });
}

/**
 * One page of the orders table (admin), page 1 by default. Each page is its own query; paying or
 * delivering an order invalidates every cached page (refreshOrder), so the page on screen reloads.
 */
export function useOrders(query: PageQuery = {}) {
  const { api } = useShopClient();
  const { isSignedIn } = useSession();
  return useQuery({ queryKey: shopKeys.orders.list(query), queryFn: () => api.orders.list(query), enabled: isSignedIn });
}

/**
 * The PayPal button's createOrder: the shop opens the payment on the server, for the order's
 * total and marked with its id, and answers PayPal's order id (the browser never sets the amount).
 */
export function useOpenPayPalPayment(orderId: string) {
  const { api } = useShopClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.orders.openPayPal(orderId)).id,
    // A refusal (the order was cancelled, paid meanwhile, or its time to pay ran out) means the page
    // shows an old state of the order: read it again.
    onError: () => queryClient.invalidateQueries({ queryKey: shopKeys.orders.detail(orderId) }),
  });
}

/** Sends PayPal's capture result for the order; the order then reloads (spec section 4). */
export function usePayOrder(orderId: string) {
  const { api } = useShopClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paymentResult: PayStatusInput) => api.orders.pay(orderId, paymentResult),
    onSuccess: (order) => refreshOrder(queryClient, order),
  });
}

/** Marks a paid order delivered (admin). */
export function useDeliverOrder(orderId: string) {
  const { api } = useShopClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.orders.deliver(orderId),
    onSuccess: (order) => refreshOrder(queryClient, order),
  });
}

/** Every view of the order (detail, lists, the profile's orders) now shows its new state. */
function refreshOrder(queryClient: ReturnType<typeof useQueryClient>, order: OrderDto) {
  queryClient.setQueryData(shopKeys.orders.detail(order._id), order);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: shopKeys.orders.all }),
    queryClient.invalidateQueries({ queryKey: shopKeys.users.profile() }),
  ]);
}
