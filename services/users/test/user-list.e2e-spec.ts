import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { USERS_PAGE_SIZE, type UserDto, type UserListDto } from '@shop/contracts';
import { ADMIN, countUsers, keysOf, signInAdmin, startUsers, USER_KEYS, type Bearer, type TestUsers } from './support/users-app.js';

/** How many accounts the test adds next to the seeded admin: two full pages and a part of a third. */
const ADDED = 2 * USERS_PAGE_SIZE + 5;

describe('GET /api/users: the admin users table, page by page', () => {
  let users: TestUsers;
  let admin: { info: UserDto; auth: Bearer };
  /** Every account as the table must list it: oldest first, then by id. */
  let expected: UserDto[];

  beforeAll(async () => {
    users = await startUsers();
    admin = await signInAdmin(users);
    // Straight into the table (hashing 45 passwords through the API would only slow the test down).
    // Five accounts share one creation time, so the order among them is the id's.
    await users.dataSource.query(
      `INSERT INTO app_user (id, name, email, password_hash, is_admin, created_at, updated_at)
       SELECT gen_random_uuid(), 'Paged ' || n, 'paged-' || n || '@example.com', 'not-a-hash', false,
              timestamptz '2030-01-01' + make_interval(secs => CASE WHEN n <= 5 THEN 0 ELSE n END), now()
       FROM generate_series(1, $1::int) AS n`,
      [ADDED],
    );
    const rows = await users.dataSource.query<{ id: string; name: string; email: string; is_admin: boolean }[]>(
      'SELECT id, name, email, is_admin FROM app_user ORDER BY created_at, id',
    );
    expected = rows.map((row) => ({ _id: row.id, name: row.name, email: row.email, isAdmin: row.is_admin }));
  });

  afterAll(async () => {
    await users?.close();
  });

  const get = (path: string) => request(users.http).get(path).set(admin.auth);
  const pageOf = async (pageNumber: number): Promise<UserListDto> => (await get(`/api/users?pageNumber=${pageNumber}`).expect(200)).body;
  const pages = Math.ceil((ADDED + 1) / USERS_PAGE_SIZE);

  it(`answers ${USERS_PAGE_SIZE} users a page, oldest first, with page and pages`, async () => {
    const first = await pageOf(1);
    expect(first.page).toBe(1);
    expect(first.pages).toBe(pages);
    expect(first.users).toEqual(expected.slice(0, USERS_PAGE_SIZE));
    expect(first.users[0]).toEqual({ _id: admin.info._id, name: 'Admin User', email: ADMIN.email, isAdmin: true });
    for (const user of first.users) expect(keysOf(user)).toEqual(USER_KEYS);
  });

  it('lists every account exactly once across the pages, accounts made at the same moment in id order', async () => {
    const seen: UserDto[] = [];
    for (let page = 1; page <= pages; page++) seen.push(...(await pageOf(page)).users);
    expect(seen).toEqual(expected);
    expect(seen).toHaveLength(await countUsers(users));
    const sameMoment = seen.filter((user) => /^Paged [1-5]$/.test(user.name)).map((user) => user._id);
    expect(sameMoment).toEqual([...sameMoment].sort());
  });

  it('answers the last page with what is left', async () => {
    const last = await pageOf(pages);
    expect(last).toEqual({ users: expected.slice((pages - 1) * USERS_PAGE_SIZE), page: pages, pages });
  });

  it('takes page 1 when pageNumber is missing or empty', async () => {
    for (const path of ['/api/users', '/api/users?pageNumber=']) {
      expect((await get(path).expect(200)).body).toEqual({ users: expected.slice(0, USERS_PAGE_SIZE), page: 1, pages });
    }
  });

  it('answers a page beyond the last with no users, that page and the real number of pages', async () => {
    expect(await pageOf(pages + 3)).toEqual({ users: [], page: pages + 3, pages });
  });

  it('moves the next user up into the page when one of it is deleted', async () => {
    const leaving = (await pageOf(1)).users[3] as UserDto;
    await request(users.http).delete(`/api/users/${leaving._id}`).set(admin.auth).expect(200);
    expected = expected.filter((user) => user._id !== leaving._id);
    expect(await pageOf(1)).toEqual({ users: expected.slice(0, USERS_PAGE_SIZE), page: 1, pages: Math.ceil(expected.length / USERS_PAGE_SIZE) });
  });

  it('says it must not be stored by any cache', async () => {
    expect((await get('/api/users?pageNumber=2').expect(200)).headers['cache-control']).toBe('no-store');
  });

  it.each(['0', '-1', '1.5', 'abc', '1e3', '1e9', '0x10', '%202', '99999999999999999999', '1000001', 'NaN', 'Infinity'])(
    'answers pageNumber=%s with 400 and the message products answer',
    async (pageNumber) => {
      expect((await get(`/api/users?pageNumber=${pageNumber}`).expect(400)).body).toEqual({ message: 'pageNumber must be a whole number from 1 to 1000000' });
    },
  );

  it('answers a repeated or bracketed pageNumber, or an unknown parameter, with 400', async () => {
    expect((await get('/api/users?pageNumber=1&pageNumber=2').expect(400)).body.message).toMatch(/pageNumber/);
    expect((await get('/api/users?pageNumber[]=1').expect(400)).body.message).toMatch(/pageNumber/);
    expect((await get('/api/users?pageNumber[a]=1').expect(400)).body.message).toMatch(/pageNumber/);
    expect((await get('/api/users?sort=name').expect(400)).body).toEqual({ message: 'property sort should not exist' });
  });

  it('keeps the pages from customers (403) and guests (401) whatever the page', async () => {
    const other = await request(users.http)
      .post('/api/users')
      .send({ name: 'Curious Customer', email: `curious-${randomUUID()}@example.com`, password: 'curious-secret-1' })
      .expect(201);
    await request(users.http).get('/api/users?pageNumber=2').set({ Authorization: `Bearer ${other.body.token}` }).expect(403);
    await request(users.http).get('/api/users?pageNumber=abc').expect(401);
  });

  it('documents pageNumber and the page answer in the OpenAPI document', async () => {
    const { body } = await request(users.http).get('/openapi.json').expect(200);
    const list = body.paths['/api/users'].get;
    expect(list.parameters).toEqual([expect.objectContaining({ name: 'pageNumber', in: 'query', required: false, schema: expect.objectContaining({ minimum: 1, maximum: 1_000_000 }) })]);
    const schema = list.responses['200'].content['application/json'].schema.$ref.split('/').at(-1);
    expect(Object.keys(body.components.schemas[schema].properties).sort()).toEqual(['users', 'page', 'pages'].sort());
  });
});
