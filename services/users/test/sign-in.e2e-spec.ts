import { randomUUID } from 'node:crypto';
import request from 'supertest';
import {
  ADMIN,
  bearer,
  keysOf,
  login,
  mentionsPassword,
  newClientAddress,
  registerCustomer,
  startUsers,
  USER_INFO_KEYS,
  type TestUsers,
} from './support/users-app.js';

const INVALID = { message: 'Invalid email or password' };
const THROTTLED = { message: 'Too many failed sign-in attempts, please try again later' };

describe('sign-in', () => {
  let users: TestUsers;

  beforeAll(async () => {
    users = await startUsers({ env: { LOGIN_MAX_FAILURES_PER_ADDRESS: '20' } });
  });

  afterAll(async () => {
    await users?.close();
  });

  it('signs a user in with any case of the email: user info with a token, no password', async () => {
    const customer = await registerCustomer(users, { name: 'Sign Me' });
    const res = await login(users, `  ${customer.email.toUpperCase()} `, customer.password).expect(200);
    expect(keysOf(res.body)).toEqual(USER_INFO_KEYS);
    expect(res.body).toEqual({ _id: customer.info._id, name: 'Sign Me', email: customer.email, isAdmin: false, token: expect.any(String) });
    expect(mentionsPassword(res.body)).toBe(false);
    await request(users.http).get('/api/users/profile').set(bearer(res.body.token)).expect(200);
  });

  it('signs the seeded admin in as an admin', async () => {
    const res = await login(users, ADMIN.email, ADMIN.password).expect(200);
    expect(res.body).toMatchObject({ name: 'Admin User', email: ADMIN.email, isAdmin: true });
  });

  it('answers an unknown email and a wrong password with the same 401 and message', async () => {
    const customer = await registerCustomer(users);
    const unknown = await login(users, `nobody-${randomUUID()}@example.com`, customer.password).expect(401);
    const wrong = await login(users, customer.email, 'not-the-password').expect(401);
    expect(unknown.body).toEqual(INVALID);
    expect(wrong.body).toEqual(INVALID);
    expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(wrong.headers).sort());
  });

  it('checks a password for an unknown email too, so it takes about as long as a wrong password', async () => {
    const customer = await registerCustomer(users);
    const timed = async (email: string) => {
      const started = process.hrtime.bigint();
      await login(users, email, 'not-the-password').expect(401);
      return Number(process.hrtime.bigint() - started) / 1e6;
    };
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
    const unknown: number[] = [];
    const wrong: number[] = [];
    for (let i = 0; i < 3; i++) {
      unknown.push(await timed(`nobody-${randomUUID()}@example.com`));
      wrong.push(await timed(customer.email));
    }
    // Without the dummy check an unknown email answers in a few ms, a wrong password after a full argon2 check.
    expect(median(unknown)).toBeGreaterThan(median(wrong) * 0.4);
  });

  it.each([
    ['no password', { email: 'a@example.com' }, 'password must be a non-empty text of at most 128 characters'],
    ['an empty password', { email: 'a@example.com', password: '' }, 'password must be a non-empty text of at most 128 characters'],
    ['a password of 129 characters', { email: 'a@example.com', password: 'p'.repeat(129) }, 'password must be a non-empty text of at most 128 characters'],
    ['no email', { password: 'whatever-1' }, 'email must be an email address of at most 254 characters'],
    ['a malformed email', { email: 'not an email', password: 'whatever-1' }, 'email must be an email address of at most 254 characters'],
    ['an unknown field', { email: 'a@example.com', password: 'whatever-1', isAdmin: true }, 'property isAdmin should not exist'],
  ])('answers %s with 400 and a message', async (_case, body, message) => {
    const res = await request(users.http).post('/api/users/login').send(body).expect(400);
    expect(res.body).toEqual({ message });
  });

  it('reads and validates the body before any password check or limit: refused bodies count as no failure', async () => {
    const customer = await registerCustomer(users);
    const address = newClientAddress();
    const post = () => request(users.http).post('/api/users/login').set('X-Forwarded-For', address);
    for (let i = 0; i < 6; i++) {
      await post().send({ email: customer.email, password: 'wrong-secret', isAdmin: true }).expect(400);
      await post().send({ email: customer.email, password: '' }).expect(400);
      await post().set('Content-Type', 'application/json').send(`{"email":"${customer.email}","password":`).expect(400);
      await post().send({ email: customer.email, password: 'x'.repeat(5_000) }).expect(413);
    }
    // 24 refused bodies, more than the 5 failures allowed: the right password still signs in from that address.
    const res = await login(users, customer.email, customer.password, address).expect(200);
    expect(res.body._id).toBe(customer.info._id);
  });

  describe('failed sign-ins', () => {
    it('answers 429 after 5 failures for one email from one address, even with the right password, with Retry-After', async () => {
      const customer = await registerCustomer(users);
      const address = newClientAddress();
      for (let i = 0; i < 5; i++) {
        const res = await login(users, customer.email, `wrong-${i}-secret`, address).expect(401);
        expect(res.body).toEqual(INVALID);
      }
      const throttled = await login(users, customer.email, customer.password, address).expect(429);
      expect(throttled.body).toEqual(THROTTLED);
      expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(throttled.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
      // The same email in another case is the same account.
      await login(users, customer.email.toUpperCase(), customer.password, address).expect(429);
    });

    it('still lets the account sign in from another address, and another account from the same one', async () => {
      const customer = await registerCustomer(users);
      const other = await registerCustomer(users);
      const address = newClientAddress();
      for (let i = 0; i < 5; i++) await login(users, customer.email, 'wrong-secret', address).expect(401);
      await login(users, customer.email, customer.password, address).expect(429);
      await login(users, customer.email, customer.password, newClientAddress()).expect(200);
      await login(users, other.email, other.password, address).expect(200);
    });

    it('counts only failures: a success clears the count of the email from that address', async () => {
      const customer = await registerCustomer(users);
      const address = newClientAddress();
      for (let round = 0; round < 3; round++) {
        for (let i = 0; i < 4; i++) await login(users, customer.email, 'wrong-secret', address).expect(401);
        await login(users, customer.email, customer.password, address).expect(200);
      }
    });

    it('answers 429 after 20 failures from one address, whatever the emails', async () => {
      const customer = await registerCustomer(users);
      const address = newClientAddress();
      for (let i = 0; i < 20; i++) {
        await login(users, `guess-${i}-${randomUUID()}@example.com`, 'password-spray', address).expect(401);
      }
      const res = await login(users, customer.email, customer.password, address).expect(429);
      expect(res.body).toEqual(THROTTLED);
      await login(users, customer.email, customer.password, newClientAddress()).expect(200);
    });

    it('answers 429 to repeated failures for one email from one address, again and again', async () => {
      const customer = await registerCustomer(users);
      const address = newClientAddress();
      for (let i = 0; i < 5; i++) await login(users, customer.email, 'wrong-secret', address).expect(401);
      for (let i = 0; i < 10; i++) {
        const res = await login(users, customer.email, i % 2 === 0 ? 'wrong-secret' : customer.password, address).expect(429);
        expect(res.body).toEqual(THROTTLED);
      }
    });

    it('lets 50 people behind one address sign in at the same moment', async () => {
      const customers = await Promise.all(Array.from({ length: 50 }, () => registerCustomer(users)));
      const address = newClientAddress();
      const answers = await Promise.all(customers.map((customer) => login(users, customer.email, customer.password, address)));
      expect(answers.map((res) => res.status)).toEqual(customers.map(() => 200));
      expect(answers.map((res) => (res.body as { email: string }).email)).toEqual(customers.map((customer) => customer.email));
    });

    it('answers no more than 20 of a parallel burst of failures from one address with 401, the rest 429', async () => {
      const customer = await registerCustomer(users);
      const address = newClientAddress();
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) => login(users, `spray-${i}-${randomUUID()}@example.com`, 'password-spray', address)),
      );
      expect(answers.filter((res) => res.status === 401)).toHaveLength(20);
      expect(answers.filter((res) => res.status === 429)).toHaveLength(10);
      await login(users, customer.email, customer.password, address).expect(429);
      await login(users, customer.email, customer.password, newClientAddress()).expect(200);
    });

    it('lets no more than 5 of a burst of parallel attempts be checked', async () => {
      const customer = await registerCustomer(users);
      const address = newClientAddress();
      const answers = await Promise.all(Array.from({ length: 12 }, () => login(users, customer.email, 'wrong-secret', address)));
      expect(answers.filter((res) => res.status === 401)).toHaveLength(5);
      expect(answers.filter((res) => res.status === 429)).toHaveLength(7);
    });
  });
});

describe('sign-in with LOGIN_MAX_FAILURES set', () => {
  let users: TestUsers;

  beforeAll(async () => {
    users = await startUsers({ env: { LOGIN_MAX_FAILURES: '2' } });
  });

  afterAll(async () => {
    await users?.close();
  });

  it('answers 429 after that many failures', async () => {
    const customer = await registerCustomer(users);
    const address = newClientAddress();
    await login(users, customer.email, 'wrong-secret', address).expect(401);
    await login(users, customer.email, 'wrong-secret', address).expect(401);
    await login(users, customer.email, customer.password, address).expect(429);
  });
});

describe('sign-in limits with two replicas', () => {
  let one: TestUsers;
  let other: TestUsers;

  beforeAll(async () => {
    one = await startUsers();
    other = await startUsers({ prefix: one.prefix });
  });

  afterAll(async () => {
    await other?.close({ keepData: true });
    await one?.close();
  });

  it('counts failures on either replica against one limit (LOGIN_MAX_FAILURES, 5), not five per replica', async () => {
    const customer = await registerCustomer(one);
    const address = newClientAddress();
    for (const replica of [one, other, one, other, one]) await login(replica, customer.email, 'wrong-secret', address).expect(401);
    expect((await login(other, customer.email, customer.password, address).expect(429)).body).toEqual(THROTTLED);
    expect((await login(one, customer.email, customer.password, address).expect(429)).body).toEqual(THROTTLED);
    // Another address is not affected.
    await login(other, customer.email, customer.password).expect(200);
  });

  it('counts sign-ups of an address on either replica against one limit', async () => {
    const a = await startUsers({ env: { SIGN_UP_MAX_PER_ADDRESS: '2' } });
    const b = await startUsers({ prefix: a.prefix, env: { SIGN_UP_MAX_PER_ADDRESS: '2' } });
    try {
      const address = newClientAddress();
      const signUp = (replica: TestUsers) =>
        request(replica.http)
          .post('/api/users')
          .set('X-Forwarded-For', address)
          .send({ name: 'Crowd', email: `${randomUUID()}@example.com`, password: 'a-long-secret-1' });
      await signUp(a).expect(201);
      await signUp(b).expect(201);
      expect((await signUp(a).expect(429)).body).toEqual({ message: 'Too many sign-ups from your network, please try again later' });
    } finally {
      await b.close({ keepData: true });
      await a.close();
    }
  });
});
