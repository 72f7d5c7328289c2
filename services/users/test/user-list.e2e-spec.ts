import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { DEFAULT_PAGE_SIZE, type UserDto } from '@shop/contracts';
import { ADMIN, countUsers, keysOf, signInAdmin, startUsers, USER_KEYS, type Bearer, type TestUsers } from './support/users-app.js';

/** How many accounts the test adds next to the seeded admin: two full pages and a part of a third. */
const ADDED = 2 * DEFAULT_PAGE_SIZE + 5;

describe('GET /api/users: the user list as the spec says (an array), paged through headers', () => {
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
  const listOf = async (path: string): Promise<UserDto[]> => (await get(path).expect(200)).body;
  const pageOf = (pageNumber: number) => listOf(`/api/users?pageNumber=${pageNumber}`);
  const pages = Math.ceil((ADDED + 1) / DEFAULT_PAGE_SIZE);
  /** The Link header's targets by relation. */
  const linksOf = (header: string | undefined): Record<string, string> =>
    Object.fromEntries([...(header ?? '').matchAll(/<([^>]*)>; rel="([a-z]+)"/g)].map(([, target, rel]) => [rel, target]));

  it(`answers an array of ${DEFAULT_PAGE_SIZE} users, oldest first, each with exactly _id, name, email and isAdmin`, async () => {
    const first = await pageOf(1);
    expect(Array.isArray(first)).toBe(true);
    expect(first).toEqual(expected.slice(0, DEFAULT_PAGE_SIZE));
    expect(first[0]).toEqual({ _id: admin.info._id, name: 'Admin User', email: ADMIN.email, isAdmin: true });
    for (const user of first) expect(keysOf(user)).toEqual(USER_KEYS);
  });

  it('says the total in X-Total-Count and the first, next and last pages in Link, relative to the call', async () => {
    const { headers } = await get('/api/users').expect(200);
    expect(headers['x-total-count']).toBe(String(ADDED + 1));
    expect(linksOf(headers.link)).toEqual({ first: '/api/users?pageNumber=1', next: '/api/users?pageNumber=2', last: `/api/users?pageNumber=${pages}` });
    const middle = await get('/api/users?search=paged&pageNumber=2&pageSize=10').expect(200);
    expect(linksOf(middle.headers.link)).toEqual({
      first: '/api/users?search=paged&pageNumber=1&pageSize=10',
      prev: '/api/users?search=paged&pageNumber=1&pageSize=10',
      next: '/api/users?search=paged&pageNumber=3&pageSize=10',
      last: `/api/users?search=paged&pageNumber=${Math.ceil(ADDED / 10)}&pageSize=10`,
    });
  });

  it("lists every account exactly once when a client follows Link's next, accounts made at the same moment in id order", async () => {
    const seen: UserDto[] = [];
    let next: string | undefined = '/api/users';
    while (next) {
      const answer: { body: unknown; headers: Record<string, string> } = await get(next).expect(200);
      seen.push(...(answer.body as UserDto[]));
      next = linksOf(answer.headers.link).next;
    }
    expect(seen).toEqual(expected);
    expect(seen).toHaveLength(await countUsers(users));
    const sameMoment = seen.filter((user) => /^Paged [1-5]$/.test(user.name)).map((user) => user._id);
    expect(sameMoment).toEqual([...sameMoment].sort());
  });

  it('answers the last page with what is left, and a page beyond it with [] and a link back to the last', async () => {
    expect(await pageOf(pages)).toEqual(expected.slice((pages - 1) * DEFAULT_PAGE_SIZE));
    const beyond = await get(`/api/users?pageNumber=${pages + 3}`).expect(200);
    expect(beyond.body).toEqual([]);
    expect(linksOf(beyond.headers.link)).toMatchObject({ prev: `/api/users?pageNumber=${pages}`, last: `/api/users?pageNumber=${pages}` });
  });

  it('takes page 1 of 20 when pageNumber and pageSize are missing or empty, and up to 100 a page when asked', async () => {
    for (const path of ['/api/users', '/api/users?pageNumber=', '/api/users?pageSize=']) expect(await listOf(path)).toEqual(expected.slice(0, DEFAULT_PAGE_SIZE));
    expect(await listOf('/api/users?pageSize=100')).toEqual(expected);
    expect(await listOf('/api/users?pageSize=7&pageNumber=3')).toEqual(expected.slice(14, 21));
  });

  it('sorts by name, email or role, either way, ties by id; a direction without sort changes nothing', async () => {
    const byName = [...expected].sort((a, b) => compare(a.name.toLowerCase(), b.name.toLowerCase()) || compare(a._id, b._id));
    expect(await listOf('/api/users?sort=name&pageSize=100')).toEqual(byName);
    expect(await listOf('/api/users?sort=name&direction=desc&pageSize=100')).toEqual([...byName].reverse());
    const byEmail = [...expected].sort((a, b) => compare(a.email, b.email) || compare(a._id, b._id));
    expect(await listOf('/api/users?sort=email&pageSize=100')).toEqual(byEmail);
    expect((await listOf('/api/users?sort=isAdmin&direction=desc&pageSize=1'))[0]?.isAdmin).toBe(true);
    expect(await listOf('/api/users?direction=desc')).toEqual(expected.slice(0, DEFAULT_PAGE_SIZE));
  });

  it('finds users by a part of their name or email, in any case, every character taken literally', async () => {
    expect((await listOf('/api/users?search=PAGED 1&pageSize=100')).map((user) => user.name).sort()).toEqual(
      expected.filter((user) => /^Paged 1/.test(user.name)).map((user) => user.name).sort(),
    );
    expect(await listOf(`/api/users?search=${encodeURIComponent(ADMIN.email.toUpperCase())}`)).toEqual([expected[0]]);
    const { headers, body } = await get('/api/users?search=no-such-person').expect(200);
    expect(body).toEqual([]);
    expect(headers['x-total-count']).toBe('0');
    for (const wildcard of ['%', '_', '\\', "'", 'paged-1_@']) expect(await listOf(`/api/users?search=${encodeURIComponent(wildcard)}`)).toEqual([]);
  });

  it('exports every matching account as a CSV file, streamed, oldest first, whatever the page asked', async () => {
    const res = await get('/api/users/export?pageSize=1&pageNumber=9').buffer(true).expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="users-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines[0]).toBe('id,name,email,admin,created');
    expect(lines.slice(1, -1).map((line) => line.split(',')[0])).toEqual(expected.map((user) => user._id));
    const searched = await get('/api/users/export?search=paged 2').buffer(true).expect(200);
    expect(searched.text.split('\r\n').slice(1, -1).map((line) => line.split(',')[1])).toEqual(
      expected.filter((user) => /^Paged 2/.test(user.name)).map((user) => user.name),
    );
  });

  it("writes a name a spreadsheet would run as a formula as plain text, and quotes commas and quotes", async () => {
    const sly = await request(users.http)
      .post('/api/users')
      .send({ name: '=HYPERLINK("http://evil.example","x"), hi', email: `sly-${randomUUID()}@example.com`, password: 'sly-secret-123' })
      .expect(201);
    const res = await get('/api/users/export?search=HYPERLINK').buffer(true).expect(200);
    expect(res.text.split('\r\n')[1]).toMatch(new RegExp(`^${sly.body._id},"'=HYPERLINK\\(""http://evil.example"",""x""\\), hi",`));
    await request(users.http).delete(`/api/users/${sly.body._id}`).set(admin.auth).expect(200);
  });

  it('moves the next user up into the page when one of it is deleted', async () => {
    const leaving = (await pageOf(1))[3] as UserDto;
    await request(users.http).delete(`/api/users/${leaving._id}`).set(admin.auth).expect(200);
    expected = expected.filter((user) => user._id !== leaving._id);
    expect(await pageOf(1)).toEqual(expected.slice(0, DEFAULT_PAGE_SIZE));
  });

  it('says it must not be stored by any cache', async () => {
    expect((await get('/api/users?pageNumber=2').expect(200)).headers['cache-control']).toBe('no-store');
    expect((await get('/api/users/export').expect(200)).headers['cache-control']).toMatch(/no-store/);
  });

  it.each(['0', '-1', '1.5', 'abc', '1e3', '1e9', '0x10', '%202', '99999999999999999999', '1000001', 'NaN', 'Infinity'])(
    'answers pageNumber=%s with 400 and the message products answer',
    async (pageNumber) => {
      expect((await get(`/api/users?pageNumber=${pageNumber}`).expect(400)).body).toEqual({ message: 'pageNumber must be a whole number from 1 to 1000000' });
    },
  );

  it.each([
    ['pageSize=0', 'pageSize must be a whole number from 1 to 100'],
    ['pageSize=101', 'pageSize must be a whole number from 1 to 100'],
    ['pageSize=ten', 'pageSize must be a whole number from 1 to 100'],
    ['sort=password', 'sort must be one of: createdAt, name, email, isAdmin'],
    ['sort=name&sort=email', 'sort must be one of: createdAt, name, email, isAdmin'],
    ['sort=name&direction=up', 'direction must be one of: asc, desc'],
    [`search=${'x'.repeat(101)}`, 'search must be a text of at most 100 characters'],
    ['search=a&search=b', 'search must be a text of at most 100 characters'],
    ['role=admin', 'property role should not exist'],
  ])('answers %s with 400 and a message, on the list and the export', async (query, message) => {
    expect((await get(`/api/users?${query}`).expect(400)).body).toEqual({ message });
    expect((await get(`/api/users/export?${query}`).expect(400)).body).toEqual({ message });
  });

  it('answers a repeated or bracketed pageNumber with 400', async () => {
    expect((await get('/api/users?pageNumber=1&pageNumber=2').expect(400)).body.message).toMatch(/pageNumber/);
    expect((await get('/api/users?pageNumber[]=1').expect(400)).body.message).toMatch(/pageNumber/);
    expect((await get('/api/users?pageNumber[a]=1').expect(400)).body.message).toMatch(/pageNumber/);
  });

  it('keeps the list and the export from customers (403) and guests (401)', async () => {
    const other = await request(users.http)
      .post('/api/users')
      .send({ name: 'Curious Customer', email: `curious-${randomUUID()}@example.com`, password: 'curious-secret-1' })
      .expect(201);
    for (const path of ['/api/users?pageNumber=2', '/api/users/export']) {
      await request(users.http).get(path).set({ Authorization: `Bearer ${other.body.token}` }).expect(403);
      await request(users.http).get(path).expect(401);
    }
    await request(users.http).delete(`/api/users/${other.body._id}`).set(admin.auth).expect(200);
  });

  it('documents the array, its headers and every parameter in the OpenAPI document', async () => {
    const { body } = await request(users.http).get('/openapi.json').expect(200);
    const list = body.paths['/api/users'].get;
    expect(list.parameters.map((parameter: { name: string }) => parameter.name).sort()).toEqual(['direction', 'pageNumber', 'pageSize', 'search', 'sort']);
    const ok = list.responses['200'];
    expect(ok.content['application/json'].schema).toEqual({ type: 'array', items: { $ref: expect.stringMatching(/UserResponse$/) } });
    expect(Object.keys(ok.headers).sort()).toEqual(['Link', 'X-Total-Count']);
    expect(Object.keys(body.paths['/api/users/export'].get.responses['200'].content)).toEqual(['text/csv']);
  });
});

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
