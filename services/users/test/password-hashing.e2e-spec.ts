import { randomUUID } from 'node:crypto';
import { argon2id, hash } from 'argon2';
import request from 'supertest';
import {
  ADMIN,
  bearer,
  countUsers,
  hashParametersOf,
  login,
  newClientAddress,
  passwordHashOf,
  registerCustomer,
  startUsers,
  type TestUsers,
} from './support/users-app.js';

/** OWASP's Password Storage Cheat Sheet, argon2id for interactive logins: 19 MiB, 2 passes, 1 lane. */
const OWASP = { type: 'argon2id', version: 19, m: 19_456, t: 2, p: 1 };
/** What the service used before: the argon2 library's defaults (64 MiB, 3 passes, 4 lanes). */
const OLD_PARAMETERS = { type: argon2id, memoryCost: 65_536, timeCost: 3, parallelism: 4 } as const;

const BUSY = { message: 'Too many people are signing in or up right now, please try again in a few seconds' };

/** Waits (without asserting how long) until the account's stored hash is no longer `old`. */
async function hashReplaced(users: TestUsers, email: string, old: string): Promise<string> {
  for (let tries = 0; tries < 200; tries++) {
    const current = await passwordHashOf(users, email);
    if (current !== old) return current;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the outdated hash was not replaced');
}

describe('password hashing', () => {
  let users: TestUsers;

  beforeAll(async () => {
    users = await startUsers();
  });

  afterAll(async () => {
    await users?.close();
  });

  it("hashes a new account's password with argon2id and OWASP's parameters (19 MiB, 2 passes, 1 lane)", async () => {
    const customer = await registerCustomer(users);
    const stored = await passwordHashOf(users, customer.email);
    expect(hashParametersOf(stored)).toEqual(OWASP);
    expect(stored).not.toContain(customer.password);
  });

  it("hashes the seeded admin's password and a changed password with the same parameters", async () => {
    expect(hashParametersOf(await passwordHashOf(users, ADMIN.email))).toEqual(OWASP);
    const customer = await registerCustomer(users);
    await request(users.http)
      .put('/api/users/profile')
      .set(customer.auth)
      .send({ name: 'Casey', email: customer.email, password: 'a-new-secret-1', currentPassword: customer.password })
      .expect(200);
    expect(hashParametersOf(await passwordHashOf(users, customer.email))).toEqual(OWASP);
    await login(users, customer.email, 'a-new-secret-1').expect(200);
  });

  describe('an account whose hash was made with the old parameters', () => {
    const withOldHash = async () => {
      const customer = await registerCustomer(users);
      const old = await hash(customer.password, OLD_PARAMETERS);
      await users.dataSource.query('UPDATE app_user SET password_hash = $1 WHERE email = $2', [old, customer.email]);
      expect(hashParametersOf(old)).toEqual({ type: 'argon2id', version: 19, m: 65_536, t: 3, p: 4 });
      return { customer, old };
    };

    it('signs in, and its hash is replaced by one with the new parameters that still takes the password', async () => {
      const { customer, old } = await withOldHash();
      const res = await login(users, customer.email, customer.password).expect(200);
      await request(users.http).get('/api/users/profile').set(bearer(res.body.token)).expect(200);
      const replaced = await hashReplaced(users, customer.email, old);
      expect(hashParametersOf(replaced)).toEqual(OWASP);
      await login(users, customer.email, customer.password).expect(200);
      await login(users, customer.email, 'not-the-password').expect(401);
    });

    it('keeps its hash after a wrong password', async () => {
      const { customer, old } = await withOldHash();
      await login(users, customer.email, 'not-the-password').expect(401);
      expect(await passwordHashOf(users, customer.email)).toBe(old);
      await login(users, customer.email, customer.password).expect(200);
    });

    it('signs in from several places at once; the hash is replaced once and still takes the password', async () => {
      const { customer, old } = await withOldHash();
      const answers = await Promise.all(Array.from({ length: 4 }, () => login(users, customer.email, customer.password)));
      expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200]);
      expect(hashParametersOf(await hashReplaced(users, customer.email, old))).toEqual(OWASP);
      await login(users, customer.email, customer.password).expect(200);
    });
  });
});

describe('password hashing when the service is full', () => {
  let users: TestUsers;

  beforeAll(async () => {
    // One hash at a time and no waiting: whoever finds the hash in use is refused.
    users = await startUsers({ env: { PASSWORD_HASH_CONCURRENCY: '1', PASSWORD_HASH_MAX_WAIT_MS: '0' } });
  });

  afterAll(async () => {
    await users?.close();
  });

  const expectBusy = (res: request.Response) => {
    expect(res.body).toEqual(BUSY);
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  };

  it('answers 503 with Retry-After to the registrations that would have to wait, and creates only the others', async () => {
    const before = await countUsers(users);
    const bodies = Array.from({ length: 20 }, (_, n) => ({ name: `Burst ${n}`, email: `burst-${n}-${randomUUID()}@example.com`, password: `burst-secret-${n}` }));
    const answers = await Promise.all(bodies.map((body) => request(users.http).post('/api/users').send(body)));
    const statuses = answers.map((res) => res.status);
    expect(statuses.every((status) => status === 201 || status === 503)).toBe(true);
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThanOrEqual(1);
    const refused = answers.filter((res) => res.status === 503);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    refused.forEach(expectBusy);
    expect(await countUsers(users)).toBe(before + statuses.filter((status) => status === 201).length);
    // Once the burst is over, a refused registration goes through.
    const retried = bodies[statuses.indexOf(503)];
    await request(users.http).post('/api/users').send(retried).expect(201);
  });

  it('answers 503 with Retry-After to the sign-ins that would have to wait, and does not count them as failures', async () => {
    const guessed = await registerCustomer(users);
    const others = [];
    for (let i = 0; i < 15; i++) others.push(await registerCustomer(users));
    const address = newClientAddress();
    // Five wrong guesses at one account (the most LOGIN_MAX_FAILURES allows) among fifteen people signing in.
    const [guesses, signIns] = await Promise.all([
      Promise.all(Array.from({ length: 5 }, () => login(users, guessed.email, 'wrong-guess', address))),
      Promise.all(others.map((customer) => login(users, customer.email, customer.password))),
    ]);
    expect(guesses.every((res) => res.status === 401 || res.status === 503)).toBe(true);
    expect(signIns.every((res) => res.status === 200 || res.status === 503)).toBe(true);
    const refused = [...guesses, ...signIns].filter((res) => res.status === 503);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    refused.forEach(expectBusy);
    // A refused guess was never checked, so it does not count: the account still has its remaining tries from there.
    const checked = guesses.filter((res) => res.status === 401).length;
    for (let i = checked; i < 5; i++) await login(users, guessed.email, 'wrong-guess', address).expect(401);
    await login(users, guessed.email, guessed.password, address).expect(429);
  });
});
