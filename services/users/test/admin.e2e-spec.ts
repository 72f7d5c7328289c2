import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { UserDto } from '@shop/contracts';
import {
  ADMIN,
  bearer,
  countUsers,
  keysOf,
  login,
  registerCustomer,
  signInAdmin,
  startUsers,
  USER_KEYS,
  type Bearer,
  type TestCustomer,
  type TestUsers,
} from './support/users-app.js';

const NOT_ADMIN = { message: 'Not authorized as an admin' };
const NO_TOKEN = { message: 'Not authorized, no token' };
const SESSION_ENDED = { message: 'Not authorized, session ended' };

describe('admin calls', () => {
  let users: TestUsers;
  let admin: { info: UserDto; auth: Bearer };

  beforeAll(async () => {
    users = await startUsers();
    admin = await signInAdmin(users);
  });

  afterAll(async () => {
    await users?.close();
  });

  const http = () => request(users.http);
  const getUser = async (id: string): Promise<UserDto> => (await http().get(`/api/users/${id}`).set(admin.auth).expect(200)).body;

  /** A customer made admin by the seeded admin; answers a fresh bearer of theirs that says admin. */
  async function newAdmin(): Promise<TestCustomer> {
    const customer = await registerCustomer(users, { name: 'Second Admin' });
    await http().put(`/api/users/${customer.info._id}`).set(admin.auth).send({ name: 'Second Admin', email: customer.email, isAdmin: true }).expect(200);
    const signedIn = await login(users, customer.email, customer.password).expect(200);
    return { ...customer, info: signedIn.body, auth: bearer(signedIn.body.token) };
  }

  describe('permissions', () => {
    const someId = randomUUID();
    const calls: [string, (auth?: Bearer) => request.Test][] = [
      ['GET /api/users', (auth) => http().get('/api/users').set(auth ?? {})],
      ['GET /api/users/{id}', (auth) => http().get(`/api/users/${someId}`).set(auth ?? {})],
      ['PUT /api/users/{id}', (auth) => http().put(`/api/users/${someId}`).set(auth ?? {}).send({ name: 'X', email: 'x@example.com', isAdmin: true })],
      ['DELETE /api/users/{id}', (auth) => http().delete(`/api/users/${someId}`).set(auth ?? {})],
    ];

    it.each(calls)('%s answers 401 Not authorized, no token without a token', async (_call, send) => {
      expect((await send().expect(401)).body).toEqual(NO_TOKEN);
    });

    it.each(calls)('%s answers 403 Not authorized as an admin to a customer', async (_call, send) => {
      const customer = await registerCustomer(users);
      expect((await send(customer.auth).expect(403)).body).toEqual(NOT_ADMIN);
    });

    it('refuses an admin demoted by an operator at once, though the token still says admin (the role is read from the users database)', async () => {
      const other = await newAdmin();
      await http().get('/api/users').set(other.auth).expect(200);
      await users.dataSource.query('UPDATE app_user SET is_admin = false WHERE id = $1', [other.info._id]);
      for (const send of calls.map(([, call]) => call)) {
        expect((await send(other.auth).expect(403)).body).toEqual(NOT_ADMIN);
      }
    });

    it("ends a promoted customer's sessions: their old token is refused (401) and a new sign-in says admin", async () => {
      const customer = await registerCustomer(users);
      await http().put(`/api/users/${customer.info._id}`).set(admin.auth).send({ name: 'Promoted', email: customer.email, isAdmin: true }).expect(200);
      expect((await http().get('/api/users').set(customer.auth).expect(401)).body).toEqual(SESSION_ENDED);
      const fresh = await login(users, customer.email, customer.password).expect(200);
      expect(fresh.body.isAdmin).toBe(true);
      await http().get('/api/users').set(bearer(fresh.body.token)).expect(200);
    });
  });

  describe('GET /api/users', () => {
    it('answers the first page of users, oldest first, without passwords (paging: user-list.e2e-spec.ts)', async () => {
      const first = await registerCustomer(users, { name: 'List One' });
      const second = await registerCustomer(users, { name: 'List Two' });
      const res = await http().get('/api/users').set(admin.auth).expect(200);
      const list = res.body as UserDto[];
      expect(res.headers['x-total-count']).toBe(String(list.length));
      for (const user of list) expect(keysOf(user)).toEqual(USER_KEYS);
      expect(list[0]).toEqual({ _id: admin.info._id, name: 'Admin User', email: ADMIN.email, isAdmin: true });
      const ids = list.map((user) => user._id);
      expect(ids.indexOf(first.info._id)).toBeLessThan(ids.indexOf(second.info._id));
      expect(list).toHaveLength(await countUsers(users));
      expect(list.find((user) => user._id === second.info._id)).toEqual({ _id: second.info._id, name: 'List Two', email: second.email, isAdmin: false });
    });
  });

  describe('GET /api/users/{id}', () => {
    it('answers the user', async () => {
      const customer = await registerCustomer(users, { name: 'Looked Up' });
      const res = await http().get(`/api/users/${customer.info._id}`).set(admin.auth).expect(200);
      expect(res.body).toEqual({ _id: customer.info._id, name: 'Looked Up', email: customer.email, isAdmin: false });
      await http().get(`/api/users/${customer.info._id.toUpperCase()}`).set(admin.auth).expect(200);
    });

    it('answers 404 User not found for an unknown id', async () => {
      expect((await http().get(`/api/users/${randomUUID()}`).set(admin.auth).expect(404)).body).toEqual({ message: 'User not found' });
    });

    it.each(['123', 'not-a-uuid', `${randomUUID()}x`, "1' OR '1'='1"])('answers 400 for the id %s', async (id) => {
      const res = await http().get(`/api/users/${encodeURIComponent(id)}`).set(admin.auth).expect(400);
      expect(res.body).toEqual({ message: 'id must be a user id (a UUID)' });
    });
  });

  describe('PUT /api/users/{id}', () => {
    const put = (id: string, body: object, auth = admin.auth) => http().put(`/api/users/${id}`).set(auth).send(body);

    it("changes a user's name, email and role, and answers the user", async () => {
      const customer = await registerCustomer(users);
      const email = `renamed-${randomUUID()}@example.com`;
      const res = await put(customer.info._id, { name: ' Renamed ', email: email.toUpperCase(), isAdmin: true }).expect(200);
      expect(keysOf(res.body)).toEqual(USER_KEYS);
      expect(res.body).toEqual({ _id: customer.info._id, name: 'Renamed', email, isAdmin: true });
      expect(await getUser(customer.info._id)).toEqual(res.body);
      await login(users, email, customer.password).expect(200);
    });

    it('accepts the _id the admin screen sends, and goes by the path', async () => {
      const customer = await registerCustomer(users);
      const res = await put(customer.info._id, { _id: customer.info._id, name: 'With Id', email: customer.email, isAdmin: false }).expect(200);
      expect(res.body).toMatchObject({ _id: customer.info._id, name: 'With Id' });
      const other = await registerCustomer(users, { name: 'Untouched' });
      await put(customer.info._id, { _id: other.info._id, name: 'Path Wins', email: customer.email, isAdmin: false }).expect(200);
      expect((await getUser(other.info._id)).name).toBe('Untouched');
      expect((await getUser(customer.info._id)).name).toBe('Path Wins');
    });

    it('answers 400 User already exists for an email another account holds, and changes nothing', async () => {
      const customer = await registerCustomer(users, { name: 'Keeps' });
      const res = await put(customer.info._id, { name: 'Clash', email: ADMIN.email.toUpperCase(), isAdmin: false }).expect(400);
      expect(res.body).toEqual({ message: 'User already exists' });
      expect(await getUser(customer.info._id)).toMatchObject({ name: 'Keeps', email: customer.email });
    });

    it('answers 400 when an admin removes their own admin rights, and changes nothing', async () => {
      const res = await put(admin.info._id, { name: 'Demoted Me', email: ADMIN.email, isAdmin: false }).expect(400);
      expect(res.body).toEqual({ message: 'You cannot remove your own admin rights' });
      expect(await getUser(admin.info._id)).toMatchObject({ name: 'Admin User', isAdmin: true });
    });

    it('lets an admin change their own name while staying admin', async () => {
      const other = await newAdmin();
      const res = await put(other.info._id, { name: 'Renamed Admin', email: other.email, isAdmin: true }, other.auth).expect(200);
      expect(res.body).toMatchObject({ name: 'Renamed Admin', isAdmin: true });
    });

    it("answers 400 Cannot change another admin user to any change of another admin's account, and changes nothing", async () => {
      const first = await newAdmin();
      const second = await newAdmin();
      for (const body of [
        { name: 'Second', email: second.email, isAdmin: false },
        { name: 'Renamed By Other', email: second.email, isAdmin: true },
        { name: 'Second Admin', email: `taken-over-${randomUUID()}@example.com`, isAdmin: true },
      ]) {
        expect((await put(second.info._id, body, first.auth).expect(400)).body).toEqual({ message: 'Cannot change another admin user' });
      }
      expect(await getUser(second.info._id)).toEqual({ _id: second.info._id, name: 'Second Admin', email: second.email, isAdmin: true });
      await http().get('/api/users').set(second.auth).expect(200);
    });

    it('answers 400 when two admins try to demote each other at once, and both stay admins', async () => {
      const first = await newAdmin();
      const second = await newAdmin();
      const answers = await Promise.all([
        put(second.info._id, { name: 'Second', email: second.email, isAdmin: false }, first.auth),
        put(first.info._id, { name: 'First', email: first.email, isAdmin: false }, second.auth),
      ]);
      expect(answers.map((res) => res.status)).toEqual([400, 400]);
      expect([(await getUser(first.info._id)).isAdmin, (await getUser(second.info._id)).isAdmin]).toEqual([true, true]);
    });

    it("answers 400 when an admin changes their own email here (it needs their current password, on the profile)", async () => {
      const other = await newAdmin();
      const res = await put(other.info._id, { name: 'Second Admin', email: `mine-${randomUUID()}@example.com`, isAdmin: true }, other.auth).expect(400);
      expect(res.body).toEqual({ message: 'Change your own email on your profile page' });
      expect((await getUser(other.info._id)).email).toBe(other.email);
    });

    it('answers 404 User not found for an unknown id', async () => {
      const res = await put(randomUUID(), { name: 'Nobody', email: `nobody-${randomUUID()}@example.com`, isAdmin: false }).expect(404);
      expect(res.body).toEqual({ message: 'User not found' });
    });

    it.each([
      [{ name: 'A', email: 'a@example.com' }, 'isAdmin must be true or false'],
      [{ name: 'A', email: 'a@example.com', isAdmin: 'true' }, 'isAdmin must be true or false'],
      [{ name: '', email: 'a@example.com', isAdmin: false }, 'name must be a non-empty text of at most 100 characters'],
      [{ name: 'A', email: 'a@', isAdmin: false }, 'email must be an email address of at most 254 characters'],
      [{ name: 'A', email: 'a@example.com', isAdmin: false, password: 'set-by-admin' }, 'property password should not exist'],
      [{ _id: 'nope', name: 'A', email: 'a@example.com', isAdmin: false }, '_id must be a user id (a UUID)'],
    ])('answers %j with 400 and a message, and changes nothing', async (body, message) => {
      const customer = await registerCustomer(users, { name: 'Stays' });
      const res = await put(customer.info._id, body).expect(400);
      expect(res.body).toEqual({ message });
      expect(await getUser(customer.info._id)).toMatchObject({ name: 'Stays', email: customer.email, isAdmin: false });
    });

    it('answers 400 for an id that is not a UUID', async () => {
      const res = await put('profile-of-someone', { name: 'A', email: 'a@example.com', isAdmin: false }).expect(400);
      expect(res.body).toEqual({ message: 'id must be a user id (a UUID)' });
    });
  });

  describe('DELETE /api/users/{id}', () => {
    it('deletes a customer and answers their _id', async () => {
      const customer = await registerCustomer(users);
      const res = await http().delete(`/api/users/${customer.info._id}`).set(admin.auth).expect(200);
      expect(res.body).toEqual({ _id: customer.info._id });
      await http().get(`/api/users/${customer.info._id}`).set(admin.auth).expect(404);
      await login(users, customer.email, customer.password).expect(401);
      const again = await http().delete(`/api/users/${customer.info._id}`).set(admin.auth).expect(404);
      expect(again.body).toEqual({ message: 'User not found' });
    });

    it('answers 400 Cannot delete an admin user for another admin and for oneself, and deletes nothing', async () => {
      const other = await newAdmin();
      for (const id of [other.info._id, admin.info._id]) {
        const res = await http().delete(`/api/users/${id}`).set(admin.auth).expect(400);
        expect(res.body).toEqual({ message: 'Cannot delete an admin user' });
        await getUser(id);
      }
    });

    it('answers 404 for an unknown id and 400 for one that is not a UUID', async () => {
      expect((await http().delete(`/api/users/${randomUUID()}`).set(admin.auth).expect(404)).body).toEqual({ message: 'User not found' });
      expect((await http().delete('/api/users/42').set(admin.auth).expect(400)).body).toEqual({ message: 'id must be a user id (a UUID)' });
    });
  });
});
