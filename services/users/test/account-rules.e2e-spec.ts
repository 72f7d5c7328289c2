import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { ADMIN, registerCustomer, startUsers, type TestUsers } from './support/users-app.js';

/** Passwords not among the most common, and emails that cannot pass for another (issue 9, item 6). */
describe('account rules', () => {
  let users: TestUsers;

  beforeAll(async () => {
    users = await startUsers();
  });

  afterAll(async () => {
    await users?.close();
  });

  const register = (body: object) => request(users.http).post('/api/users').send(body);
  const count = async () => Number((await users.dataSource.query('SELECT count(*) AS n FROM app_user'))[0].n);

  it('answers with Cache-Control: no-store wherever a token or personal data goes out, and lets the public keys be cached', async () => {
    const customer = await registerCustomer(users);
    const answers = [
      await request(users.http).post('/api/users/login').send({ email: customer.email, password: customer.password }).expect(200),
      await register({ name: 'Fresh', email: `${randomUUID()}@example.com`, password: 'a-long-enough-secret' }).expect(201),
      await request(users.http).get('/api/users/profile').set(customer.auth).expect(200),
      await request(users.http).put('/api/users/profile').set(customer.auth).send({ name: 'Renamed', email: customer.email }).expect(200),
      await request(users.http).post('/api/users/login').send({ email: customer.email, password: 'wrong-password' }).expect(401),
    ];
    for (const res of answers) expect(res.headers['cache-control']).toBe('no-store');
    expect((await request(users.http).get('/.well-known/jwks.json').expect(200)).headers['cache-control']).not.toBe('no-store');
  });

  it.each(['password', '12345678', 'qwertyuiop', 'Password1', 'iloveyou', 'sunshine1'])(
    'refuses the common password %s at sign-up (400) and creates nothing',
    async (password) => {
      const before = await count();
      const res = await register({ name: 'Common', email: `${randomUUID()}@example.com`, password }).expect(400);
      expect(res.body).toEqual({ message: 'password is one of the most common passwords, please choose another' });
      expect(await count()).toBe(before);
    },
  );

  it('refuses a common password as a new profile password, and keeps the old one', async () => {
    const customer = await registerCustomer(users);
    const res = await request(users.http)
      .put('/api/users/profile')
      .set(customer.auth)
      .send({ name: 'Same', email: customer.email, password: 'football1', currentPassword: customer.password })
      .expect(400);
    expect(res.body).toEqual({ message: 'password is one of the most common passwords, please choose another' });
  });

  it.each([
    ['fullwidth letters', 'ａｄｍｉｎ@example.com'],
    ['upper case', 'ADMIN@EXAMPLE.COM'],
    ['a fullwidth at sign', 'admin＠example.com'],
  ])("takes %s as the admin's own address: no second account (400 User already exists)", async (_what, email) => {
    const res = await register({ name: 'Look-alike', email, password: 'a-long-enough-secret' }).expect(400);
    expect(res.body).toEqual({ message: 'User already exists' });
    await request(users.http).post('/api/users/login').send({ email, password: ADMIN.password }).expect(200);
  });

  it.each([
    ['a zero-width space', 'admin\u200b@example.com'],
    ['a zero-width joiner', 'ad\u200dmin@example.com'],
    ['a soft hyphen', 'ad\u00admin@example.com'],
    ['a right-to-left override', '\u202eadmin@example.com'],
    ['a byte order mark', '\ufeffadmin@example.com'],
    ['a word joiner', 'admin\u2060@example.com'],
  ])('refuses an email with %s (400) and creates nothing', async (_what, email) => {
    const before = await count();
    const res = await register({ name: 'Invisible', email, password: 'a-long-enough-secret' }).expect(400);
    expect(res.body).toEqual({ message: 'email must not contain invisible or control characters' });
    expect(await count()).toBe(before);
  });
});

describe('sign-up limit per client address', () => {
  let users: TestUsers;

  beforeAll(async () => {
    users = await startUsers({ env: { SIGN_UP_MAX_PER_ADDRESS: '3', SIGN_UP_WINDOW: '1h' } });
  });

  afterAll(async () => {
    await users?.close();
  });

  const signUpFrom = (address: string) =>
    request(users.http)
      .post('/api/users')
      .set('X-Forwarded-For', address)
      .send({ name: 'Many', email: `${randomUUID()}@example.com`, password: 'a-long-enough-secret' });

  it('answers 429 with a message and Retry-After past the limit, creates nothing, and leaves other addresses alone', async () => {
    for (let n = 0; n < 3; n++) await signUpFrom('10.9.0.1').expect(201);
    const before = Number((await users.dataSource.query('SELECT count(*) AS n FROM app_user'))[0].n);
    const refused = await signUpFrom('10.9.0.1').expect(429);
    expect(refused.body).toEqual({ message: 'Too many sign-ups from your network, please try again later' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3_000);
    expect(Number((await users.dataSource.query('SELECT count(*) AS n FROM app_user'))[0].n)).toBe(before);
    await signUpFrom('10.9.0.2').expect(201);
  });

  it('does not count sign-ups refused by validation', async () => {
    for (let n = 0; n < 5; n++) {
      await request(users.http).post('/api/users').set('X-Forwarded-For', '10.9.0.3').send({ name: 'Bad', email: 'nope', password: 'a-long-enough-secret' }).expect(400);
    }
    await signUpFrom('10.9.0.3').expect(201);
  });
});
