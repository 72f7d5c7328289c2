import request from 'supertest';
import { bearer, login, newClientAddress, registerCustomer, signInAdmin, startUsers, type Bearer, type TestCustomer, type TestUsers } from './support/users-app.js';

const SESSION_ENDED = { message: 'Not authorized, session ended' };

/** Sessions end on the server: sign-out, a new email or password, a deleted account (issue 9, ASVS 7.4). */
describe('sessions', () => {
  let users: TestUsers;

  beforeAll(async () => {
    users = await startUsers();
  });

  afterAll(async () => {
    await users?.close();
  });

  const profile = (auth: Bearer) => request(users.http).get('/api/users/profile').set(auth);
  const update = (auth: Bearer, body: object) => request(users.http).put('/api/users/profile').set(auth).send(body);
  const logout = (auth?: Bearer) => request(users.http).post('/api/users/logout').set(auth ?? {});

  /** A second sign-in of the same customer, as on another device. */
  async function secondDevice(customer: TestCustomer): Promise<Bearer> {
    return bearer((await login(users, customer.email, customer.password).expect(200)).body.token);
  }

  describe('POST /api/users/logout', () => {
    it('answers 204 and ends every session of the user, on every device', async () => {
      const customer = await registerCustomer(users);
      const other = await secondDevice(customer);
      await logout(customer.auth).expect(204);
      expect((await profile(customer.auth).expect(401)).body).toEqual(SESSION_ENDED);
      expect((await profile(other).expect(401)).body).toEqual(SESSION_ENDED);
      expect((await logout(customer.auth).expect(401)).body).toEqual(SESSION_ENDED);
      await profile(await secondDevice(customer)).expect(200);
    });

    it("leaves other users' sessions alone", async () => {
      const leaving = await registerCustomer(users);
      const staying = await registerCustomer(users);
      await logout(leaving.auth).expect(204);
      await profile(staying.auth).expect(200);
    });

    it('answers 401 without a token or with a bad one', async () => {
      expect((await logout().expect(401)).body).toEqual({ message: 'Not authorized, no token' });
      expect((await logout(bearer('not.a.token')).expect(401)).body).toEqual({ message: 'Not authorized, token failed' });
    });
  });

  describe('PUT /api/users/profile with a new email or password', () => {
    it.each([
      ['a new password', (customer: TestCustomer) => ({ name: 'Moving', email: customer.email, password: 'another-long-secret' })],
      ['a new email', (customer: TestCustomer) => ({ name: 'Moving', email: `moved-${customer.email}` })],
    ])('with %s: answers a fresh token that works, and ends every older one', async (_change, body) => {
      const customer = await registerCustomer(users);
      const other = await secondDevice(customer);
      const res = await update(customer.auth, { ...body(customer), currentPassword: customer.password }).expect(200);
      expect((await profile(bearer(res.body.token)).expect(200)).body.name).toBe('Moving');
      expect((await profile(customer.auth).expect(401)).body).toEqual(SESSION_ENDED);
      expect((await profile(other).expect(401)).body).toEqual(SESSION_ENDED);
    });

    it.each([
      ['a new password', (customer: TestCustomer) => ({ name: 'Kept', email: customer.email, password: 'another-long-secret' })],
      ['a new email', (customer: TestCustomer) => ({ name: 'Kept', email: `elsewhere-${customer.email}` })],
    ])('with %s: answers 400 without the current password or with a wrong one, and changes nothing', async (_change, body) => {
      const customer = await registerCustomer(users, { name: 'Original' });
      for (const [currentPassword, message] of [
        [undefined, 'Enter your current password to change your email or password'],
        ['', 'Enter your current password to change your email or password'],
        ['not-my-password', 'Current password is incorrect'],
      ] as const) {
        const res = await update(customer.auth, { ...body(customer), ...(currentPassword === undefined ? {} : { currentPassword }) }).expect(400);
        expect(res.body).toEqual({ message });
      }
      expect((await profile(customer.auth).expect(200)).body).toMatchObject({ name: 'Original', email: customer.email });
      await login(users, customer.email, customer.password).expect(200);
    });

    it('counts wrong current passwords as failed sign-ins: after LOGIN_MAX_FAILURES (5) it answers 429 with Retry-After, even to the right one', async () => {
      const customer = await registerCustomer(users, { name: 'Guarded' });
      const address = newClientAddress();
      const change = (currentPassword: string) =>
        update(customer.auth, { name: 'Guarded', email: customer.email, password: 'another-long-secret', currentPassword }).set('X-Forwarded-For', address);
      for (let n = 0; n < 5; n++) expect((await change(`guess-${n}`).expect(400)).body).toEqual({ message: 'Current password is incorrect' });
      const throttled = await change(customer.password).expect(429);
      expect(throttled.body).toEqual({ message: 'Too many failed sign-in attempts, please try again later' });
      expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
      // Nothing changed, and the customer elsewhere is not locked out.
      await login(users, customer.email, customer.password).expect(200);
    });

    it('needs no current password for a new name alone, and keeps the sessions open', async () => {
      const customer = await registerCustomer(users);
      const res = await update(customer.auth, { name: 'Just A Name', email: customer.email }).expect(200);
      await profile(customer.auth).expect(200);
      await profile(bearer(res.body.token)).expect(200);
    });

    it("answers 400 for a current password that isn't text", async () => {
      const customer = await registerCustomer(users);
      const res = await update(customer.auth, { name: 'A', email: customer.email, password: 'another-long-secret', currentPassword: 12345678 }).expect(400);
      expect(res.body).toEqual({ message: 'currentPassword must be text of at most 128 characters' });
    });
  });

  it("refuses a deleted customer's tokens at once", async () => {
    const admin = await signInAdmin(users);
    const customer = await registerCustomer(users);
    await request(users.http).delete(`/api/users/${customer.info._id}`).set(admin.auth).expect(200);
    expect((await profile(customer.auth).expect(401)).body).toEqual(SESSION_ENDED);
    expect((await logout(customer.auth).expect(401)).body).toEqual(SESSION_ENDED);
  });
});
