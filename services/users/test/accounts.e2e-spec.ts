import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { OrderDto, UserInfoDto } from '@shop/contracts';
import {
  bearer,
  countUsers,
  decodedToken,
  keysOf,
  login,
  mentionsPassword,
  PROFILE_KEYS,
  registerCustomer,
  signInAdmin,
  startUsers,
  USER_INFO_KEYS,
  type TestUsers,
} from './support/users-app.js';

const uniqueEmail = (tag = 'user') => `${tag}-${randomUUID()}@example.com`;

describe('registration and profile', () => {
  let users: TestUsers;

  beforeAll(async () => {
    users = await startUsers();
  });

  afterAll(async () => {
    await users?.close();
  });

  const register = (body: object) => request(users.http).post('/api/users').send(body);

  describe('POST /api/users', () => {
    it('registers a customer and signs them in: user info with a token, no password', async () => {
      const email = uniqueEmail('Jane.Doe').replace('example.com', 'Example.COM');
      const res = await register({ name: '  Jane Doe  ', email: `  ${email} `, password: 'jane-secret-1' }).expect(201);
      expect(keysOf(res.body)).toEqual(USER_INFO_KEYS);
      expect(res.body).toEqual({
        _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        name: 'Jane Doe',
        email: email.toLowerCase(),
        isAdmin: false,
        token: expect.any(String),
      });
      expect(mentionsPassword(res.body)).toBe(false);

      const profile = await request(users.http).get('/api/users/profile').set(bearer(res.body.token)).expect(200);
      expect(profile.body._id).toBe(res.body._id);
    });

    it('keeps the password only as an argon2id hash', async () => {
      const customer = await registerCustomer(users, { password: 'plain-text-never' });
      const [row] = await users.dataSource.query<{ password_hash: string }[]>('SELECT password_hash FROM app_user WHERE id = $1', [
        customer.info._id,
      ]);
      expect(row.password_hash).toMatch(/^\$argon2id\$/);
      expect(row.password_hash).not.toContain('plain-text-never');
    });

    it('refuses an email that exists in any case with 400 User already exists, and creates nothing', async () => {
      const email = uniqueEmail('dup');
      await registerCustomer(users, { email });
      const before = await countUsers(users);
      for (const variant of [email, email.toUpperCase(), ` ${email.replace('dup', 'DuP')} `]) {
        const res = await register({ name: 'Again', email: variant, password: 'another-secret' }).expect(400);
        expect(res.body).toEqual({ message: 'User already exists' });
      }
      expect(await countUsers(users)).toBe(before);
    });

    it('creates one account when the same email registers many times at once', async () => {
      const email = uniqueEmail('race');
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) => register({ name: `Racer ${i}`, email: i % 2 ? email.toUpperCase() : email, password: 'race-secret-of-the-day' })),
      );
      expect(answers.map((res) => res.status).sort()).toEqual([201, 400, 400, 400, 400, 400]);
      for (const res of answers.filter((r) => r.status === 400)) expect(res.body).toEqual({ message: 'User already exists' });
      const [{ count }] = await users.dataSource.query<{ count: number }[]>('SELECT count(*)::int AS count FROM app_user WHERE email = $1', [email]);
      expect(count).toBe(1);
    });

    it('rejects isAdmin in the body with 400 and creates nothing', async () => {
      const before = await countUsers(users);
      const email = uniqueEmail('wannabe');
      for (const isAdmin of [true, false]) {
        const res = await register({ name: 'Wannabe', email, password: 'wannabe-secret', isAdmin }).expect(400);
        expect(res.body).toEqual({ message: 'property isAdmin should not exist' });
      }
      expect(await countUsers(users)).toBe(before);
      await login(users, email, 'wannabe-secret').expect(401);
    });

    it('rejects any other unknown field', async () => {
      const res = await register({ name: 'Extra', email: uniqueEmail(), password: 'extra-secret', confirmPassword: 'extra-secret' }).expect(400);
      expect(res.body).toEqual({ message: 'property confirmPassword should not exist' });
    });

    const valid = { name: 'Val Id', password: 'valid-secret' };
    it.each([
      ['a missing name', { email: 'a@example.com', password: 'valid-secret' }, 'name must be a non-empty text of at most 100 characters'],
      ['a blank name', { ...valid, name: '   ', email: 'a@example.com' }, 'name must be a non-empty text of at most 100 characters'],
      ['a name of 101 characters', { ...valid, name: 'n'.repeat(101), email: 'a@example.com' }, 'name must be a non-empty text of at most 100 characters'],
      ['a name that is not text', { ...valid, name: 42, email: 'a@example.com' }, 'name must be a non-empty text of at most 100 characters'],
      ['a missing email', { ...valid }, 'email must be an email address of at most 254 characters'],
      ['an email without @', { ...valid, email: 'not-an-email' }, 'email must be an email address of at most 254 characters'],
      ['an email of 255 characters', { ...valid, email: `${'e'.repeat(64)}@${'d'.repeat(63)}.${'d'.repeat(63)}.${'d'.repeat(58)}.com` }, 'email must be an email address of at most 254 characters'],
      ['an email that is not text', { ...valid, email: ['a@example.com'] }, 'email must be an email address of at most 254 characters'],
      ['a missing password', { name: 'Val', email: 'a@example.com' }, 'password must be 8 to 128 characters long'],
      ['a password of 7 characters', { ...valid, email: 'a@example.com', password: '1234567' }, 'password must be 8 to 128 characters long'],
      ['a password of 129 characters', { ...valid, email: 'a@example.com', password: 'p'.repeat(129) }, 'password must be 8 to 128 characters long'],
      ['a password that is not text', { ...valid, email: 'a@example.com', password: 12345678 }, 'password must be 8 to 128 characters long'],
    ])('answers %s with 400 and a message', async (_case, body, message) => {
      const before = await countUsers(users);
      const res = await register(body).expect(400);
      expect(res.body).toEqual({ message });
      expect(await countUsers(users)).toBe(before);
    });

    it('accepts the limits: a name of 100 characters, an email of 254, passwords of 8 and 128 characters', async () => {
      const email = `${'e'.repeat(64)}@${'d'.repeat(63)}.${'d'.repeat(63)}.${'d'.repeat(57)}.com`;
      expect(email).toHaveLength(254);
      await register({ name: 'n'.repeat(100), email, password: 'k3#m9!pq' }).expect(201);
      await register({ name: 'Long Pass', email: uniqueEmail(), password: 'pink anvil sorrow '.repeat(8).slice(0, 128) }).expect(201);
    });
  });

  describe('GET /api/users/profile', () => {
    it("answers the signed-in user's account with an empty order list", async () => {
      const customer = await registerCustomer(users, { name: 'Pro File' });
      const res = await request(users.http).get('/api/users/profile').set(customer.auth).expect(200);
      expect(keysOf(res.body)).toEqual(PROFILE_KEYS);
      expect(res.body).toEqual({ _id: customer.info._id, name: 'Pro File', email: customer.email, isAdmin: false, orderList: [] });
    });

    it("lists the user's own orders as the orders service answers them for the user's token", async () => {
      const customer = await registerCustomer(users, { name: 'Or Ders' });
      const order = { _id: randomUUID(), totalPrice: 12.5, status: 'confirmed' } as unknown as OrderDto;
      users.orders.set(customer.auth, [order]);
      const res = await request(users.http).get('/api/users/profile').set(customer.auth).set('x-request-id', 'profile-request-1').expect(200);
      expect(res.body.orderList).toEqual([order]);
      expect(users.orders.seen.at(-1)).toEqual({ authorization: customer.auth.Authorization, requestId: 'profile-request-1' });
    });

    it('still answers the account, without orders and marked so, while the orders service is down', async () => {
      const down = await startUsers({ env: { ORDERS_URL: 'http://127.0.0.1:9' } });
      try {
        const registered = await request(down.http).post('/api/users').send({ name: 'Down Case', email: `${randomUUID()}@example.com`, password: 'down-case-secret' }).expect(201);
        const res = await request(down.http).get('/api/users/profile').set(bearer(registered.body.token)).expect(200);
        expect(res.body).toMatchObject({ name: 'Down Case', orderList: [], ordersUnavailable: true });
      } finally {
        await down.close();
      }
    });

    it('answers 401 without a token or with a bad one', async () => {
      const none = await request(users.http).get('/api/users/profile').expect(401);
      expect(none.body).toEqual({ message: 'Not authorized, no token' });
      const malformed = await request(users.http).get('/api/users/profile').set('Authorization', 'Token abc').expect(401);
      expect(malformed.body).toEqual({ message: 'Not authorized, no token' });
      const garbage = await request(users.http).get('/api/users/profile').set(bearer('not.a.token')).expect(401);
      expect(garbage.body).toEqual({ message: 'Not authorized, token failed' });
    });

    it("answers 401 Not authorized, session ended when the token's user was deleted", async () => {
      const customer = await registerCustomer(users);
      const admin = await signInAdmin(users);
      await request(users.http).delete(`/api/users/${customer.info._id}`).set(admin.auth).expect(200);
      const res = await request(users.http).get('/api/users/profile').set(customer.auth).expect(401);
      expect(res.body).toEqual({ message: 'Not authorized, session ended' });
      const update = await request(users.http)
        .put('/api/users/profile')
        .set(customer.auth)
        .send({ name: 'Ghost', email: customer.email })
        .expect(401);
      expect(update.body).toEqual({ message: 'Not authorized, session ended' });
    });
  });

  describe('PUT /api/users/profile', () => {
    const update = (auth: { Authorization: string }, body: object) => request(users.http).put('/api/users/profile').set(auth).send(body);

    it('changes name and email and answers the user info with a new token carrying them', async () => {
      const customer = await registerCustomer(users, { name: 'Old Name' });
      const email = uniqueEmail('new.mail');
      const res = await update(customer.auth, { name: ' New Name ', email: email.toUpperCase(), currentPassword: customer.password }).expect(200);
      expect(keysOf(res.body)).toEqual(USER_INFO_KEYS);
      expect(res.body).toMatchObject({ _id: customer.info._id, name: 'New Name', email, isAdmin: false });
      expect(mentionsPassword(res.body)).toBe(false);
      expect(res.body.token).not.toBe(customer.info.token);
      expect(decodedToken(res.body.token).payload).toMatchObject({ sub: customer.info._id, name: 'New Name', email, isAdmin: false });

      const profile = await request(users.http).get('/api/users/profile').set(bearer(res.body.token)).expect(200);
      expect(profile.body).toMatchObject({ name: 'New Name', email });
      await login(users, email, customer.password).expect(200);
      await login(users, customer.email, customer.password).expect(401);
    });

    it('keeps the password when it is empty, null or missing', async () => {
      const customer = await registerCustomer(users);
      for (const password of ['', null, undefined]) {
        await update(customer.auth, { name: 'Same Pass', email: customer.email, password }).expect(200);
        await login(users, customer.email, customer.password).expect(200);
      }
    });

    it('changes the password when a new one is given', async () => {
      const customer = await registerCustomer(users);
      await update(customer.auth, { name: 'New Pass', email: customer.email, password: 'brand-new-secret', currentPassword: customer.password }).expect(200);
      await login(users, customer.email, customer.password).expect(401);
      await login(users, customer.email, 'brand-new-secret').expect(200);
    });

    it('answers 400 User already exists for an email another account holds, in any case, and changes nothing', async () => {
      const other = await registerCustomer(users);
      const customer = await registerCustomer(users, { name: 'Keeps Name' });
      const res = await update(customer.auth, { name: 'Taken', email: other.email.toUpperCase(), password: 'never-applied', currentPassword: customer.password }).expect(400);
      expect(res.body).toEqual({ message: 'User already exists' });
      const profile = await request(users.http).get('/api/users/profile').set(customer.auth).expect(200);
      expect(profile.body).toMatchObject({ name: 'Keeps Name', email: customer.email });
      await login(users, customer.email, customer.password).expect(200);
    });

    it('accepts the own email in another case', async () => {
      const customer = await registerCustomer(users);
      const res = await update(customer.auth, { name: 'Shouting', email: customer.email.toUpperCase() }).expect(200);
      expect(res.body.email).toBe(customer.email);
    });

    it('rejects isAdmin in the body with 400 and changes nothing', async () => {
      const customer = await registerCustomer(users, { name: 'Humble' });
      const res = await update(customer.auth, { name: 'Promoted', email: customer.email, isAdmin: true }).expect(400);
      expect(res.body).toEqual({ message: 'property isAdmin should not exist' });
      const profile = await request(users.http).get('/api/users/profile').set(customer.auth).expect(200);
      expect(profile.body).toMatchObject({ name: 'Humble', isAdmin: false });
    });

    it.each([
      [{ name: '', email: 'a@example.com' }, 'name must be a non-empty text of at most 100 characters'],
      [{ name: 'A', email: 'nope' }, 'email must be an email address of at most 254 characters'],
      [{ name: 'A', email: 'a@example.com', password: 'short' }, 'password must be 8 to 128 characters long'],
      [{ name: 'A', email: 'a@example.com', password: 'p'.repeat(129) }, 'password must be 8 to 128 characters long'],
      [{ name: 'A', email: 'a@example.com', password: 12345678 }, 'password must be 8 to 128 characters long'],
      [{ name: 'A', email: 'a@example.com', _id: 'x' }, 'property _id should not exist'],
    ])('answers %j with 400 and a message', async (body, message) => {
      const customer = await registerCustomer(users);
      const res = await update(customer.auth, body).expect(400);
      expect(res.body).toEqual({ message });
    });

    it('answers 401 without a token', async () => {
      const res = await request(users.http).put('/api/users/profile').send({ name: 'A', email: 'a@example.com' }).expect(401);
      expect(res.body).toEqual({ message: 'Not authorized, no token' });
    });

    it('gives an admin a new token that still says admin', async () => {
      const admin = await signInAdmin(users);
      const res = await update(admin.auth, { name: 'Admin', email: admin.info.email }).expect(200);
      expect((res.body as UserInfoDto).isAdmin).toBe(true);
      expect(decodedToken(res.body.token).payload.isAdmin).toBe(true);
    });
  });
});
