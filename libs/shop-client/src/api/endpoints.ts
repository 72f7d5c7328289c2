import type {
  LoginInput,
  OrderCreateInput,
  OrderDto,
  OrderListDto,
  PayPalConfigDto,
  PayStatusInput,
  ProductDetailDto,
  ProductDto,
  ProductListDto,
  ProductUpdateInput,
  ProfileDto,
  ProfileUpdateInput,
  RegisterInput,
  ReviewInput,
  UserDeletedDto,
  UserDto,
  UserInfoDto,
  UserListDto,
  UserUpdateInput,
} from '@shop/contracts';
import type { ApiClient, RequestOptions } from './http.js';

/** The home list's query: the search keyword (none lists everything) and the 1-based page. */
export interface ProductListQuery {
  keyword?: string;
  pageNumber?: number;
}

/** Which page of an admin table (users, orders) to read: 1-based, page 1 by default. */
export interface PageQuery {
  pageNumber?: number;
}

/** The answer of a call that only confirms, such as deleting a product or adding a review. */
export interface MessageDto {
  message: string;
}

const id = (value: string) => encodeURIComponent(value);

/** How long placing an order may wait for the order's outcome before answering it pending. */
export const PLACEMENT_WAIT_SECONDS = 5;

/** One typed function per call of spec section 7 (plus GET /api/orders/mine), over an API client. */
export function createShopApi(client: ApiClient) {
  const request = <T>(path: string, options?: RequestOptions) => client.request<T>(path, options);
  return {
    products: {
      list: ({ keyword, pageNumber = 1 }: ProductListQuery = {}) =>
        request<ProductListDto>('/api/products', { query: { keyword: keyword?.trim(), pageNumber } }),
      top: () => request<ProductDto[]>('/api/products/top'),
      detail: (productId: string) => request<ProductDetailDto>(`/api/products/${id(productId)}`),
      createReview: (productId: string, review: ReviewInput) =>
        request<MessageDto>(`/api/products/${id(productId)}/reviews`, { method: 'PUT', body: review }),
      /** Creates a sample product for the admin to edit (the body is empty). */
      create: () => request<ProductDto>('/api/products', { method: 'POST', body: {} }),
      update: (productId: string, product: ProductUpdateInput) =>
        request<ProductDto>(`/api/products/${id(productId)}`, { method: 'PUT', body: { ...product, _id: productId } }),
      delete: (productId: string) => request<MessageDto>(`/api/products/delete/${id(productId)}`, { method: 'DELETE' }),
      /** Sends the file as the multipart field 'image'; answers the stored image's path. */
      uploadImage: (file: Blob) => {
        const form = new FormData();
        form.append('image', file);
        return request<string>('/api/upload', { method: 'POST', body: form });
      },
    },
    users: {
      login: (credentials: LoginInput) => request<UserInfoDto>('/api/users/login', { method: 'POST', body: credentials }),
      register: (account: RegisterInput) => request<UserInfoDto>('/api/users', { method: 'POST', body: account }),
      /** Ends the session on the server: every token of the user is refused from then on. */
      logout: () => request<void>('/api/users/logout', { method: 'POST' }),
      profile: () => request<ProfileDto>('/api/users/profile'),
      updateProfile: (changes: ProfileUpdateInput) =>
        request<UserInfoDto>('/api/users/profile', { method: 'PUT', body: withoutEmptyPassword(changes) }),
      /** One page of the users table (admin), oldest account first. */
      list: ({ pageNumber = 1 }: PageQuery = {}) => request<UserListDto>('/api/users', { query: { pageNumber } }),
      detail: (userId: string) => request<UserDto>(`/api/users/${id(userId)}`),
      update: (userId: string, user: UserUpdateInput) =>
        request<UserDto>(`/api/users/${id(userId)}`, { method: 'PUT', body: { ...user, _id: userId } }),
      delete: (userId: string) => request<UserDeletedDto>(`/api/users/${id(userId)}`, { method: 'DELETE' }),
    },
    orders: {
      /**
       * Places an order and waits up to PLACEMENT_WAIT_SECONDS for its stock to be reserved or refused
       * (RFC 7240 `Prefer: wait`), so the order page usually opens confirmed or cancelled, not pending.
       */
      create: (order: OrderCreateInput) =>
        request<OrderDto>('/api/orders', { method: 'POST', body: order, headers: { Prefer: `wait=${PLACEMENT_WAIT_SECONDS}` } }),
      detail: (orderId: string) => request<OrderDto>(`/api/orders/${id(orderId)}`),
      mine: () => request<OrderDto[]>('/api/orders/mine'),
      /** One page of the orders table (admin), newest first. */
      list: ({ pageNumber = 1 }: PageQuery = {}) => request<OrderListDto>('/api/orders', { query: { pageNumber } }),
      /** Opens the order's PayPal payment on the server (amount and order id from the shop); answers PayPal's order id. */
      openPayPal: (orderId: string) => request<{ id: string }>(`/api/orders/${id(orderId)}/paypal`, { method: 'POST', body: {} }),
      pay: (orderId: string, paymentResult: PayStatusInput) =>
        request<OrderDto>(`/api/orders/${id(orderId)}/pay_status`, { method: 'PUT', body: paymentResult }),
      deliver: (orderId: string) =>
        request<OrderDto>(`/api/orders/${id(orderId)}/delivery_status`, { method: 'PUT', body: {} }),
    },
    config: {
      paypal: () => request<PayPalConfigDto>('/api/config/paypal'),
    },
  };
}

export type ShopApi = ReturnType<typeof createShopApi>;

/** An empty password field means "keep the current one": it is not sent at all. */
function withoutEmptyPassword({ password, currentPassword, ...rest }: ProfileUpdateInput): ProfileUpdateInput {
  return { ...rest, ...(password ? { password } : {}), ...(currentPassword ? { currentPassword } : {}) };
}
