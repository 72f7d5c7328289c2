/**
 * Rights follow the user at once, across the real processes: a sign-out, a
 * new password, a deleted account or a changed role ends the user's older
 * tokens in every service (users, catalog, orders), which learn of it from
 * the users service's events. Each test prints how long the services took.
 */
import type { ProductDto, UserInfoDto } from '@shop/contracts';
import { eventually } from '@shop/testing';
import { callApi, type Answer } from '../src/api.js';
import { ShopHarness } from '../src/shop-harness.js';

const ADMIN = { email: 'admin@example.com', password: 'admin12345' };
const SESSION_ENDED = 'Not authorized, session ended';

describe('sessions across services', () => {
  let shop: ShopHarness;
  let admin: UserInfoDto;
  let product: ProductDto;

  beforeAll(async () => {
    shop = await ShopHarness.start({ SEED_DEMO_CATALOG: 'false', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    admin = (await call<UserInfoDto>('POST', '/api/users/login', ADMIN)).body;
    product = (await call<ProductDto>('POST', '/api/products', undefined, admin.token)).body;
  });

  afterAll(async () => {
    await shop?.dispose();
  });

  const call = <T>(method: string, path: string, body?: unknown, token?: string) => callApi<T>(shop.url(path), method, body, token);

  async function signUp(): Promise<UserInfoDto & { password: string }> {
    const password = 'a-long-enough-secret';
    const email = `session-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
    const res = await call<UserInfoDto>('POST', '/api/users', { name: 'Session Holder', email, password });
    expect(res.status).toBe(201);
    return { ...res.body, password };
  }

  /** One signed-in call per service: users (profile), catalog (a review of a product that doesn't exist: 404 when allowed), orders (own orders). */
  const probes = {
    users: (token: string) => call('GET', '/api/users/profile', undefined, token),
    catalog: (token: string) => call('PUT', `/api/products/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/reviews`, { rating: 5, comment: 'Fine' }, token),
    orders: (token: string) => call('GET', '/api/orders/mine', undefined, token),
  };
  /** Admin calls per service. */
  const adminProbes = {
    users: (token: string) => call('GET', '/api/users', undefined, token),
    catalog: (token: string) => call('PUT', `/api/products/${product._id}`, { ...editOf(product) }, token),
    orders: (token: string) => call('GET', '/api/orders', undefined, token),
  };
  const editOf = (p: ProductDto) => ({ name: p.name, price: p.price, image: p.image, brand: p.brand, category: p.category, countInStock: p.countInStock, description: p.description });

  /** Waits until every probe answers `status` for the token; answers how long the slowest took. */
  async function refusedEverywhere(probeSet: Record<string, (token: string) => Promise<Answer>>, token: string, status: number): Promise<number> {
    const started = Date.now();
    const took = await Promise.all(
      Object.entries(probeSet).map(async ([service, probe]) => {
        const answer = await eventually(async () => {
          const res = await probe(token);
          return res.status === status ? res : undefined;
        }, 10_000, `${service} to answer ${status}`);
        expect(answer.body).toEqual({ message: status === 401 ? SESSION_ENDED : 'Not authorized as an admin' });
        return Date.now() - started;
      }),
    );
    return Math.max(...took);
  }

  const allowed = (res: Answer) => res.status !== 401 && res.status !== 403;

  it("works at once everywhere with a brand-new account's token", async () => {
    const customer = await signUp();
    for (const [service, probe] of Object.entries(probes)) {
      const res = await probe(customer.token);
      expect({ service, allowed: allowed(res) }).toEqual({ service, allowed: true });
    }
  });

  it('ends every older token everywhere on sign-out', async () => {
    const customer = await signUp();
    const otherDevice = (await call<UserInfoDto>('POST', '/api/users/login', { email: customer.email, password: customer.password })).body.token;
    for (const probe of Object.values(probes)) expect(allowed(await probe(customer.token))).toBe(true);
    expect((await call('POST', '/api/users/logout', undefined, customer.token)).status).toBe(204);
    const took = await refusedEverywhere(probes, otherDevice, 401);
    await refusedEverywhere(probes, customer.token, 401);
    process.stdout.write(`sign-out refused everywhere after ${took} ms\n`);
  });

  it('ends older tokens everywhere on a password change, and the fresh token works everywhere', async () => {
    const customer = await signUp();
    for (const probe of Object.values(probes)) expect(allowed(await probe(customer.token))).toBe(true);
    const changed = await call<UserInfoDto>(
      'PUT',
      '/api/users/profile',
      { name: customer.name, email: customer.email, password: 'another-long-secret', currentPassword: customer.password },
      customer.token,
    );
    expect(changed.status).toBe(200);
    const took = await refusedEverywhere(probes, customer.token, 401);
    process.stdout.write(`password change refused everywhere after ${took} ms\n`);
    for (const probe of Object.values(probes)) expect(allowed(await probe(changed.body.token))).toBe(true);
  });

  it("ends a deleted customer's tokens everywhere", async () => {
    const customer = await signUp();
    for (const probe of Object.values(probes)) expect(allowed(await probe(customer.token))).toBe(true);
    expect((await call('DELETE', `/api/users/${customer._id}`, undefined, admin.token)).status).toBe(200);
    const took = await refusedEverywhere(probes, customer.token, 401);
    process.stdout.write(`deletion refused everywhere after ${took} ms\n`);
  });

  it("takes an admin's rights away everywhere when an operator demotes them, and gives a promoted customer theirs", async () => {
    const customer = await signUp();
    expect((await call('PUT', `/api/users/${customer._id}`, { name: customer.name, email: customer.email, isAdmin: true }, admin.token)).status).toBe(200);
    await refusedEverywhere(probes, customer.token, 401);
    const asAdmin = (await call<UserInfoDto>('POST', '/api/users/login', { email: customer.email, password: customer.password })).body.token;
    await eventually(async () => {
      const answers = await Promise.all(Object.values(adminProbes).map((probe) => probe(asAdmin)));
      return answers.every((res) => res.status === 200) ? answers : undefined;
    }, 10_000, 'admin rights in every service');

    const demoted = await shop.command('users', 'cli/roles.js', ['demote', customer.email]);
    expect(demoted).toEqual({ code: 0, output: `${customer.email} is a customer now; their sessions ended\n` });
    const took = await refusedEverywhere(adminProbes, asAdmin, 401);
    process.stdout.write(`demotion refused everywhere after ${took} ms\n`);
    const asCustomer = (await call<UserInfoDto>('POST', '/api/users/login', { email: customer.email, password: customer.password })).body.token;
    await refusedEverywhere(adminProbes, asCustomer, 403);
  });

  it('never demotes the last admin', async () => {
    const res = await shop.command('users', 'cli/roles.js', ['demote', ADMIN.email]);
    expect(res).toEqual({ code: 1, output: 'roles: Cannot demote the last admin\n' });
    expect((await adminProbes.users(admin.token)).status).toBe(200);
  });
});
