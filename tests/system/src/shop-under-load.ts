/**
 * What the tests that load a whole shop (`npm start`'s launcher) under a crowd share: the admin and
 * address they use, the settings such a shop runs with, and customers ready to order one product.
 */
import type { ProductDto, UserInfoDto } from '@shop/contracts';
import { eventually } from '@shop/testing';
import type { ShopCall } from './api.js';

export const ADMIN = { email: 'admin@example.com', password: 'admin12345' };
export const ADDRESS = { address: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'USA' };

/**
 * The launcher's settings for a test shop under load: its own instance, data folder and PostgreSQL, a
 * nats-server of its own (nothing answers at `natsPort`), no demo catalog, the test's admin, and the
 * per-address limits lifted (every customer comes from one address here; the limits have their own tests).
 */
export function underLoadSettings(options: { port: number; dataDir: string; prefix: string; databaseUrl: string; natsPort: number }, more: Record<string, string> = {}): Record<string, string> & { PORT: string } {
  return {
    PORT: String(options.port),
    DATA_DIR: options.dataDir,
    INSTANCE_PREFIX: options.prefix,
    DATABASE_URL: options.databaseUrl,
    NATS_URL: `nats://127.0.0.1:${options.natsPort}`,
    LOG_LEVEL: 'warn',
    SEED_DEMO_CATALOG: 'false',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SIGN_UP_MAX_PER_ADDRESS: '100000',
    RATE_LIMIT_PER_MINUTE: '1000000',
    MAX_CONNECTIONS_PER_ADDRESS: '0',
    ...more,
  };
}

/** A product with `stock` in stock, `count` customers signed up, and the order of one of it, once orders knows the product. */
export async function customersOfOneProduct(call: ShopCall, options: { stock: number; count: number; tag: string; name: string }) {
  const adminToken = (await call<UserInfoDto>('POST', '/api/users/login', ADMIN)).body.token;
  const sample = await call<ProductDto>('POST', '/api/products', undefined, adminToken);
  const edit = { name: options.name, price: 20, image: '/uploads/sample.svg', brand: 'Test', category: 'Test', countInStock: options.stock, description: 'Ordered under load.' };
  const product = (await call<ProductDto>('PUT', `/api/products/${sample.body._id}`, edit, adminToken)).body;
  const tokens = await Promise.all(
    Array.from({ length: options.count }, async (_, n) => {
      const signedUp = await call<UserInfoDto>('POST', '/api/users', { name: `Customer ${n}`, email: `${options.tag}-${n}@example.com`, password: 'customer-secret' });
      if (signedUp.status !== 201) throw new Error(`customer ${n} could not sign up: ${signedUp.status}`);
      return signedUp.body.token;
    }),
  );
  const order = { orderItems: [{ product: product._id, quantity: 1 }], shippingAddress: ADDRESS, paymentGateway: 'PayPal' };
  await eventually(async () => ((await call('POST', '/api/orders', order, tokens[0])).status === 201 ? true : undefined), 30_000, 'orders to know the product');
  return { product, tokens, order };
}
