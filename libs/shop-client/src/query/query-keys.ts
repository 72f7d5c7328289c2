import type { QueryClient } from '@tanstack/react-query';

/** The home list's query: the search keyword (none lists everything) and the 1-based page. */
export interface ProductListQuery {
  keyword?: string;
  pageNumber?: number;
}

/** Which page of an admin table (users, orders) to read: 1-based, page 1 by default. */
export interface PageQuery {
  pageNumber?: number;
}


/**
 * The query keys the remotes share, so one remote's change reaches what another shows (an admin's
 * product edit, the catalog's product page; a delivery marked in admin, the customer's order page).
 * From broad to narrow, so that invalidating `products.all` also reaches every list, the top list and
 * every detail. A key only one remote uses stays in that remote.
 */
export const shopKeys = {
  products: {
    all: ['products'] as const,
    lists: () => [...shopKeys.products.all, 'list'] as const,
    list: ({ keyword = '', pageNumber = 1 }: ProductListQuery) =>
      [...shopKeys.products.lists(), { keyword: keyword.trim(), pageNumber }] as const,
    top: () => [...shopKeys.products.all, 'top'] as const,
    detail: (id: string) => [...shopKeys.products.all, 'detail', id] as const,
  },
  users: {
    all: ['users'] as const,
    lists: () => [...shopKeys.users.all, 'list'] as const,
    list: ({ pageNumber = 1 }: PageQuery) => [...shopKeys.users.lists(), { pageNumber }] as const,
    detail: (id: string) => [...shopKeys.users.all, 'detail', id] as const,
    profile: () => [...shopKeys.users.all, 'profile'] as const,
  },
  orders: {
    all: ['orders'] as const,
    lists: () => [...shopKeys.orders.all, 'list'] as const,
    list: ({ pageNumber = 1 }: PageQuery) => [...shopKeys.orders.lists(), { pageNumber }] as const,
    detail: (id: string) => [...shopKeys.orders.all, 'detail', id] as const,
  },
};

/** What belongs to the signed-in user and must go when they sign out. */
export const userScopedKeys = [shopKeys.users.all, shopKeys.orders.all] as const;

/**
 * An order changed (paid on checkout's page, delivered by admin's part): its answer becomes the cached
 * order, so the page showing it changes at once, and every list of it (the admin's tables, the customer's
 * profile) is read again. One rule for the remotes that change orders, as the keys are shared.
 */
export function showChangedOrder(queryClient: QueryClient, order: { _id: string }): Promise<unknown> {
  queryClient.setQueryData(shopKeys.orders.detail(order._id), order);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: shopKeys.orders.all }),
    queryClient.invalidateQueries({ queryKey: shopKeys.users.profile() }),
  ]);
}
