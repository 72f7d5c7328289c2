/** DTOs as the shop's API answers them, with overridable fields, for front-end tests. */
import type { OrderDto, ProductDetailDto, ProductDto, ProfileDto, UserDto, UserInfoDto } from '@shop/contracts';

export function aProduct(overrides: Partial<ProductDto> = {}): ProductDto {
  return {
    _id: 'p1',
    name: 'Airpods Wireless Bluetooth Headphones',
    image: '/images/airpods.jpg',
    brand: 'Apple',
    category: 'Electronics',
    description: 'Bluetooth technology lets you connect it with compatible devices wirelessly',
    price: 89.99,
    countInStock: 3,
    rating: 4.5,
    numReviews: 12,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

export function aProductDetail(overrides: Partial<ProductDetailDto> = {}): ProductDetailDto {
  return { ...aProduct(), reviews: [], ...overrides };
}

export const aCustomer: UserInfoDto = {
  _id: 'u1',
  name: 'Jane Doe',
  email: 'jane@example.com',
  isAdmin: false,
  token: 'token-of-jane',
};

export const anAdmin: UserInfoDto = {
  _id: 'a1',
  name: 'Admin User',
  email: 'admin@example.com',
  isAdmin: true,
  token: 'token-of-admin',
};

export function aUser(overrides: Partial<UserDto> = {}): UserDto {
  return { _id: 'u2', name: 'John Doe', email: 'john@example.com', isAdmin: false, ...overrides };
}

/** A confirmed, unpaid, undelivered order of two Airpods for Jane Doe. */
export function anOrder(overrides: Partial<OrderDto> = {}): OrderDto {
  return {
    _id: 'o1',
    user: { _id: aCustomer._id, name: aCustomer.name, email: aCustomer.email },
    orderItems: [{ _id: 'i1', product: 'p1', name: 'Airpods Wireless Bluetooth Headphones', image: '/images/airpods.jpg', price: 89.99, quantity: 2 }],
    shippingAddress: { address: '1 Main Street', city: 'Springfield', postalCode: '12345', country: 'USA' },
    paymentGateway: 'PayPal',
    itemsPrice: 179.98,
    taxPrice: 18,
    shippingPrice: 0,
    totalPrice: 197.98,
    status: 'confirmed',
    isPaid: false,
    isDelivered: false,
    createdAt: '2026-11-20T09:30:00.000Z',
    ...overrides,
  };
}

export function aProfile(overrides: Partial<ProfileDto> = {}): ProfileDto {
  const { token: _token, ...user } = aCustomer;
  return { ...user, orderList: [], ...overrides };
}
