/**
 * What exists once per page, whichever remote ships a call: the session and cart store, the API client
 * (token, 401), the one query cache with the keys remotes share, and generic query and mutation hooks.
 * Each remote owns its calls (apps/<remote>/src/features/<name>/api/); docs/micro-frontends.md, "Who owns what".
 */
export { ApiError, createApiClient, type ApiClient, type ApiClientOptions, type ApiFile, type ApiGet, type HttpMethod, type ListPage, type RequestOptions } from './api/http.js';
export { apiGet, apiGetList, callApi, type ApiAnswer, type ApiCallOptions, type ApiPath, type ApiVerb, type TypedGet, type TypedListGet } from './api/operations.js';
export { cartCount, cartPrices, cartSubtotal, type CartItem, type CartPrices } from './store/cart.js';
export {
  createShopStore,
  DEFAULT_PAYMENT_GATEWAY,
  shopStore,
  STORAGE_KEYS,
  type ShopActions,
  type ShopState,
  type ShopStore,
  type ShopStoreOptions,
} from './store/shop-store.js';
export { useCart, useSession, useShopActions, useShopState, type Cart, type Session } from './store/hooks.js';
export { createShopQueryClient, dehydrateShopQueries, hydrateShopQueries, isClientError, type ShopQueryState } from './query/query-client.js';
export { showChangedOrder, shopKeys, userScopedKeys, type PageQuery, type ProductListQuery } from './query/query-keys.js';
export { httpOf, ShopClientProvider, useShopClient, type ShopClient, type ShopClientProviderProps } from './query/shop-client-provider.js';
export { useShopMutation, useShopQuery, type ShopQueryOptions } from './query/shop-query.js';
export { FirstAnswers, prefetchFirstAnswers } from './query/first-answers.js';
export { useLogout } from './query/session.js';
export { useAddToCart, type AddToCartInput } from './query/cart.js';
export { ORDER_HISTORY_PAGE_SIZE, useOrderHistory, type OrderProgress } from './query/order-history.js';
export { loadRemotePart, provideRemoteParts, RemotePart, type RemotePartElementProps, type RemotePartLoader } from './composition/remote-part.js';
