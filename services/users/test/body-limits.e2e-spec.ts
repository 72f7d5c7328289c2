import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { registerCustomer, signInAdmin, startUsers, type TestUsers } from './support/users-app.js';

/** `n` distinct short keys: letters and digits, 3 characters from the 3,844th on. */
const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const keyOf = (n: number) => {
  let key = '';
  for (let rest = n; ; rest = Math.floor(rest / ALPHABET.length) - 1) {
    key = ALPHABET[rest % ALPHABET.length] + key;
    if (rest < ALPHABET.length) return key;
  }
};

/** The security review's body (issue 21): 115,326 unknown keys in 967 KB of JSON. */
function reviewBody(): string {
  const parts = Array.from({ length: 115_326 }, (_, n) => `"${keyOf(n)}":0`);
  const body = `{${parts.join(',')}}`;
  const pad = 967 * 1024 - body.length - `,"pad":""`.length;
  return pad > 0 ? `${body.slice(0, -1)},"pad":"${'x'.repeat(pad)}"}` : body;
}

/** `{"a":0,"b":0,…}` as large as fits in `size` bytes. */
function unknownKeys(size: number): string {
  const parts: string[] = [];
  let length = 2;
  for (let n = 0; length + keyOf(n).length + 5 <= size; n++) {
    parts.push(`"${keyOf(n)}":0`);
    length += keyOf(n).length + 5;
  }
  return `{${parts.join(',')}}`;
}

const SIGN_IN_LIMIT = 4 * 1024;

describe('body limits of the users service (issue 21)', () => {
  let users: TestUsers;
  let port: number;

  beforeAll(async () => {
    users = await startUsers();
    await new Promise<void>((resolve) => users.http.listen(0, '127.0.0.1', resolve));
    port = (users.http.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await users?.close();
  });

  /** POSTs a raw body to the sign-in route over its own connection; answers the status, message and ms. */
  function signIn(body: string): Promise<{ status: number; message: string; ms: number }> {
    const started = process.hrtime.bigint();
    return new Promise((resolve, reject) => {
      const req = httpRequest({
        port,
        host: '127.0.0.1',
        method: 'POST',
        path: '/api/users/login',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), connection: 'close' },
      });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, message: (JSON.parse(text) as { message: string }).message, ms: Number(process.hrtime.bigint() - started) / 1e6 }),
        );
      });
      req.on('error', reject);
      req.end(body);
    });
  }

  it("answers the review's 967 KB body of 115,326 unknown keys with 413 at once, and a signed-in read meanwhile promptly", async () => {
    const customer = await registerCustomer(users);
    const body = reviewBody();
    expect(Buffer.byteLength(body)).toBe(967 * 1024);
    const started = process.hrtime.bigint();
    const [attacks, profile] = await Promise.all([
      Promise.all(Array.from({ length: 5 }, () => signIn(body))),
      (async () => {
        const res = await request(users.http as Server).get('/api/users/profile').set(customer.auth);
        return { status: res.status, ms: Number(process.hrtime.bigint() - started) / 1e6 };
      })(),
    ]);
    process.stdout.write(
      `5 review bodies (967 KB, 115,326 unknown keys): ${attacks.map((a) => `${a.status} in ${a.ms.toFixed(1)} ms`).join(', ')}; ` +
        `signed-in profile read meanwhile: ${profile.status} in ${profile.ms.toFixed(1)} ms\n`,
    );
    for (const attack of attacks) expect(attack).toEqual({ status: 413, message: 'Request body is too large (4 KB at most)', ms: expect.any(Number) });
    expect(profile.status).toBe(200);
    // Before: 10.6 s to a 400, or 15 s to a 504, for the profile read too. A bound that cannot flake.
    expect(Math.max(profile.ms, ...attacks.map((a) => a.ms))).toBeLessThan(2_000);
  });

  it('answers a 4 KB body full of unknown keys with 400 naming only the first', async () => {
    const body = unknownKeys(SIGN_IN_LIMIT);
    expect(Buffer.byteLength(body)).toBeGreaterThan(SIGN_IN_LIMIT - 8);
    const answer = await signIn(body);
    process.stdout.write(`4 KB of unknown keys to sign-in: ${answer.status} in ${answer.ms.toFixed(1)} ms\n`);
    // The first key in the object's own order (JSON.parse puts integer-like keys first): one name only.
    expect(answer.status).toBe(400);
    expect(answer.message).toMatch(/^property [A-Za-z0-9]{1,3} should not exist$/);
  });

  it('judges the worst sign-in bodies at the 4 KB limit quickly (figures printed)', async () => {
    const fill = (before: string, after: string) => `${before}${'x'.repeat(SIGN_IN_LIMIT - before.length - after.length)}${after}`;
    const cases: [string, string][] = [
      ['unknown keys', unknownKeys(SIGN_IN_LIMIT)],
      ['email repeated', `{${Array.from({ length: Math.floor((SIGN_IN_LIMIT - 2) / 12) }, () => '"email":"a"').join(',')}}`],
      ['nested 32 deep in email', `{"email":${'['.repeat(31)}${']'.repeat(31)},"password":"p"}`],
      ['a 4 KB email', fill('{"password":"p","email":"', '@example.com"}')],
      ['a 4 KB password', fill('{"email":"a@example.com","password":"', '"}')],
      ['a 4 KB email of dots and ats', `{"password":"p","email":"${'a@.'.repeat(1_300)}"}`],
      ['many list items in email', `{"email":[${Array.from({ length: 1_300 }, () => '1').join(',')}],"password":"p"}`],
      ['an object of many keys in password', `{"email":"a@example.com","password":${unknownKeys(SIGN_IN_LIMIT - 40)}}`],
    ];
    const figures: string[] = [];
    for (const [what, body] of cases) {
      expect([what, Buffer.byteLength(body) <= SIGN_IN_LIMIT]).toEqual([what, true]);
      const answer = await signIn(body);
      figures.push(`${what} (${Buffer.byteLength(body)} bytes): ${answer.status} in ${answer.ms.toFixed(1)} ms`);
      expect([what, answer.status]).toEqual([what, 400]);
      expect(answer.message.length).toBeLessThan(400);
      expect(answer.ms).toBeLessThan(1_000);
    }
    process.stdout.write(`worst sign-in bodies at 4 KB:\n  ${figures.join('\n  ')}\n`);
  });

  it('takes a sign-up, a profile change and an admin change under their 4 KB limits, and refuses more with 413', async () => {
    const customer = await registerCustomer(users);
    const name = 'n'.repeat(100);
    await request(users.http).put('/api/users/profile').set(customer.auth).send({ name, email: customer.email }).expect(200);
    const over = { name, email: customer.email, password: 'x'.repeat(SIGN_IN_LIMIT) };
    expect((await request(users.http).put('/api/users/profile').set(customer.auth).send(over).expect(413)).body).toEqual({ message: 'Request body is too large (4 KB at most)' });
    expect((await request(users.http).post('/api/users').send(over).expect(413)).body).toEqual({ message: 'Request body is too large (4 KB at most)' });
    const { auth: admin } = await signInAdmin(users);
    const path = `/api/users/${customer.info._id}`;
    await request(users.http).put(path).set(admin).send({ name, email: customer.email, isAdmin: false }).expect(200);
    expect((await request(users.http).put(path).set(admin).send({ ...over, isAdmin: false }).expect(413)).body).toEqual({ message: 'Request body is too large (4 KB at most)' });
  });
});
