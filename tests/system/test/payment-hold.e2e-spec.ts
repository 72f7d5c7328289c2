/**
 * Stock is not hoarded by unpaid orders: across the real processes, an order
 * that is not paid within PAYMENT_HOLD (2 s here) is cancelled and its units go
 * back on sale, even when the orders service was killed in between.
 */
import type { OrderDto, ProductDto, UserInfoDto } from '@shop/contracts';
import { eventually } from '@shop/testing';
import { callApi } from '../src/api.js';
import { ShopHarness } from '../src/shop-harness.js';

const ADMIN = { email: 'admin@example.com', password: 'admin12345' };
const ADDRESS = { address: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'USA' };

describe('a confirmed order that is not paid in time', () => {
  let shop: ShopHarness;
  let adminToken: string;

  beforeAll(async () => {
    shop = await ShopHarness.start({
      SEED_DEMO_CATALOG: 'false',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      PAYMENT_HOLD: '2s',
      PAYPAL_TIMEOUT_MS: '500',
    });
    adminToken = (await call<UserInfoDto>('POST', '/api/users/login', ADMIN)).body.token;
  });

  afterAll(async () => {
    await shop?.dispose();
  });

  const call = <T>(method: string, path: string, body?: unknown, token?: string) => callApi<T>(shop.url(path), method, body, token);

  async function newCustomer(): Promise<string> {
    const email = `buyer-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
    const res = await call<UserInfoDto>('POST', '/api/users', { name: 'Buyer', email, password: 'buyer-secret' });
    expect(res.status).toBe(201);
    return res.body.token;
  }

  /** Places an order for one unit and waits for its outcome, once orders knows the product. */
  async function placeSettled(token: string, productId: string): Promise<OrderDto> {
    const body = { orderItems: [{ product: productId, quantity: 1 }], shippingAddress: ADDRESS, paymentGateway: 'PayPal' };
    const placed = await eventually(async () => {
      const res = await call<OrderDto>('POST', '/api/orders', body, token);
      if (res.status === 201) return res.body;
      expect(res.status).toBe(400); // product not known to orders yet
      return undefined;
    }, 20_000, 'orders to learn of the product');
    return eventually(async () => {
      const order = (await call<OrderDto>('GET', `/api/orders/${placed._id}`, undefined, token)).body;
      return order.status === 'pending' ? undefined : order;
    }, 30_000, `order ${placed._id} to leave pending`);
  }

  const stockOf = async (id: string) => (await call<ProductDto>('GET', `/api/products/${id}`)).body.countInStock;

  it('releases the last unit to the next buyer, once, though orders was killed before the deadline', async () => {
    const sample = await call<ProductDto>('POST', '/api/products', undefined, adminToken);
    const edit = { name: 'Last one', price: 20, image: '/uploads/sample.svg', brand: 'Test', category: 'Test', countInStock: 1, description: 'Only one left.' };
    const product = (await call<ProductDto>('PUT', `/api/products/${sample.body._id}`, edit, adminToken)).body;
    const [hoarder, second, third] = await Promise.all([newCustomer(), newCustomer(), newCustomer()]);

    const held = await placeSettled(hoarder, product._id);
    expect(held).toMatchObject({ status: 'confirmed', isPaid: false, payableUntil: expect.any(String) });
    const tooSoon = await placeSettled(second, product._id);
    expect(tooSoon).toMatchObject({ status: 'cancelled', cancelReason: 'Last one is out of stock' });

    await shop.stopPart('orders', 'SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, new Date(held.payableUntil as string).getTime() - Date.now() + 1_500));
    await shop.startPart('orders');

    const released = await eventually(async () => {
      const order = (await call<OrderDto>('GET', `/api/orders/${held._id}`, undefined, hoarder)).body;
      return order.status === 'cancelled' ? order : undefined;
    }, 20_000, 'the unpaid order to be cancelled');
    expect(released.cancelReason).toBe('Payment not received in time');
    expect(released.payableUntil).toBeUndefined();
    await eventually(async () => ((await stockOf(product._id)) === 1 ? true : undefined), 20_000, 'the unit back in stock');

    expect(await placeSettled(third, product._id)).toMatchObject({ status: 'confirmed' });
    // Released once: the third buyer took the one unit, and none was given back twice.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await stockOf(product._id)).toBe(0);
  });
});
