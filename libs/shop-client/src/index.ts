export { ApiError, createApiClient, type ApiClient, type ApiClientOptions, type HttpMethod, type RequestOptions } from './api/http.js';
export { createShopApi, type MessageDto, type PageQuery, type ProductListQuery, type ShopApi } from './api/endpoints.js';
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
export { createShopQueryClient, isClientError } from './query/query-client.js';
export { shopKeys } from './query/query-keys.js';
export { ShopClientProvider, shopApiOf, useShopClient, type ShopClient, type ShopClientProviderProps } from './query/shop-client-provider.js';
export { firstQueryOf, prefetchFirstAnswers, type FirstQuery } from './query/first-answers.js';
export {
  useCreateProduct,
  useCreateReview,
  useDeleteProduct,
  useProduct,
  useProducts,
  useTopProducts,
  useUpdateProduct,
  useUploadImage,
} from './query/products.js';
export {
  useDeleteUser,
  useLogin,
  useLogout,
  useProfile,
  useRegister,
  useUpdateProfile,
  useUpdateUser,
  useUser,
  useUsers,
} from './query/users.js';
export {
  PENDING_ORDER_POLL_MS,
  useCreateOrder,
  useDeliverOrder,
  useOrder,
  useOrders,
  useOpenPayPalPayment,
  usePayOrder,
} from './query/orders.js';
export { usePayPalConfig } from './query/config.js';
export { useAddToCart, type AddToCartInput } from './query/cart.js';
