/** Cart lines for tests (test-only; never built). */
import type { CartItem } from '@shop/shop-client';

export function aCartItem(overrides: Partial<CartItem> = {}): CartItem {
  return {
    product: 'p1',
    name: 'Airpods Wireless Bluetooth Headphones',
    image: '/images/airpods.jpg',
    price: 89.99,
    countInStock: 3,
    quantity: 2,
    ...overrides,
  };
}

export const aPhone = aCartItem({ product: 'p2', name: 'iPhone 13 Pro 256GB Memory', image: '/images/phone.jpg', price: 599.99, countInStock: 7, quantity: 1 });

export const anAddress = { address: '1 Main Street', city: 'Springfield', postalCode: '12345', country: 'USA' };
