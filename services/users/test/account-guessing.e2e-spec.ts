import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { login, registerCustomer, startUsers, type TestUsers } from './support/users-app.js';

const INVALID = { message: 'Invalid email or password' };
const THROTTLED = { message: 'Too many failed sign-in attempts, please try again later' };
const ACCOUNT_WAITS = { message: 'Too many failed sign-in attempts for this account, please wait a moment and try again' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Issue 21: guesses at one account from many addresses, and IPv6 clients rotating through their /64. */
describe('guesses at one account from many addresses', () => {
  let users: TestUsers;

  // 5 free failures per account (as per account and address), then waits of 250 ms doubling up to 1 s.
  beforeAll(async () => {
    users = await startUsers({
      env: { LOGIN_ACCOUNT_FREE_FAILURES: '5', LOGIN_ACCOUNT_DELAY_MS: '250', LOGIN_ACCOUNT_MAX_DELAY_MS: '1000' },
    });
  });

  afterAll(async () => {
    await users?.close();
  });

  /** Signs in from `address` again and again until the answer is no 429 of the account; answers it and how long it took. */
  async function whenAdmitted(email: string, password: string, address: string): Promise<{ status: number; waitedMs: number }> {
    const started = performance.now();
    for (;;) {
      const res = await login(users, email, password, address);
      if (res.status !== 429) return { status: res.status, waitedMs: performance.now() - started };
      expect(res.body).toEqual(ACCOUNT_WAITS);
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      await sleep(25);
    }
  }

  it("makes guesses from other addresses wait, longer each time, and lets the owner's right password in after the wait", async () => {
    const owner = await registerCustomer(users);
    // The review's scenario: locked for one address after 5 guesses.
    for (let n = 0; n < 5; n++) expect((await login(users, owner.email, `guess-${n}-wrong`, '10.21.0.1').expect(401)).body).toEqual(INVALID);
    expect((await login(users, owner.email, owner.password, '10.21.0.1').expect(429)).body).toEqual(THROTTLED);

    // Four other addresses each guess: each must wait, and the waits grow (250 ms, 500 ms, 1 s, then 1 s at most).
    const waits: number[] = [];
    for (const [i, address] of ['10.21.0.2', '10.21.0.3', '10.21.0.4', '10.21.0.5'].entries()) {
      expect((await login(users, owner.email, `other-guess-${i}`, address).expect(429)).body).toEqual(ACCOUNT_WAITS);
      const { status, waitedMs } = await whenAdmitted(owner.email, `other-guess-${i}`, address);
      expect(status).toBe(401);
      waits.push(waitedMs);
    }
    expect(waits[0]).toBeGreaterThanOrEqual(100);
    expect(waits[1]).toBeGreaterThanOrEqual(350);
    expect(waits[2]).toBeGreaterThanOrEqual(800);
    expect(waits[3]).toBeGreaterThanOrEqual(800);
    expect(waits[3]).toBeLessThan(3000);

    // Even the right password waits its turn (no answer tells a guess from the password meanwhile)...
    expect((await login(users, owner.email, owner.password, '10.21.0.6').expect(429)).body).toEqual(ACCOUNT_WAITS);
    // ...and signs in once the wait is over: a delay, never a lock.
    expect((await whenAdmitted(owner.email, owner.password, '10.21.0.6')).status).toBe(200);
    // A success forgets the account's failures: the next mistake from a new place is answered at once.
    await login(users, owner.email, 'one-more-typo', '10.21.0.7').expect(401);
    await login(users, owner.email, owner.password, '10.21.0.8').expect(200);
  });

  it('checks one password of a parallel burst from 10 addresses at an account past its free failures; the rest answer 429', async () => {
    const owner = await registerCustomer(users);
    for (let n = 0; n < 5; n++) await login(users, owner.email, `guess-${n}`, `10.22.0.${n + 1}`).expect(401);
    await sleep(300);
    const burst = await Promise.all(Array.from({ length: 10 }, (_, n) => login(users, owner.email, `burst-${n}`, `10.22.1.${n + 1}`)));
    const statuses = burst.map((res) => res.status).sort();
    expect(statuses).toEqual([401, ...Array<number>(9).fill(429)]);
    // Refused attempts were not counted: the wait after this one failure is the next step (500 ms), not ten steps more.
    expect((await whenAdmitted(owner.email, owner.password, '10.22.2.1')).waitedMs).toBeLessThan(1500);
  });

  it('treats an unknown email as an account: the same waits, so they do not tell which emails have accounts', async () => {
    const email = `nobody-${randomUUID()}@example.com`;
    for (let n = 0; n < 5; n++) await login(users, email, `guess-${n}`, `10.23.0.${n + 1}`).expect(401);
    expect((await login(users, email, 'guess-5', '10.23.0.9').expect(429)).body).toEqual(ACCOUNT_WAITS);
  });

  it('counts wrong current passwords on the profile against the account too', async () => {
    const owner = await registerCustomer(users);
    for (let n = 0; n < 5; n++) await login(users, owner.email, `guess-${n}`, `10.24.0.${n + 1}`).expect(401);
    const res = await request(users.http)
      .put('/api/users/profile')
      .set(owner.auth)
      .set('X-Forwarded-For', '10.24.1.1')
      .send({ name: 'Same', email: owner.email, password: 'a-brand-new-secret', currentPassword: 'not-it-either' })
      .expect(429);
    expect(res.body).toEqual(ACCOUNT_WAITS);
  });
});

describe('IPv6 clients counted by their /64', () => {
  let users: TestUsers;

  beforeAll(async () => {
    users = await startUsers({ env: { LOGIN_MAX_FAILURES: '2', LOGIN_MAX_FAILURES_PER_ADDRESS: '4', SIGN_UP_MAX_PER_ADDRESS: '2' } });
  });

  afterAll(async () => {
    await users?.close();
  });

  const unknownEmail = () => `nobody-${randomUUID()}@example.com`;

  it('limits failed sign-ins of a whole /64, whatever address in it each comes from, and leaves the next /64 alone', async () => {
    for (const address of ['2001:db8:1:2::1', '2001:db8:1:2:ffff::2', '2001:0DB8:0001:0002:abcd:1:2:3', '2001:db8:1:2::4']) {
      await login(users, unknownEmail(), 'some-guess-here', address).expect(401);
    }
    const refused = await login(users, unknownEmail(), 'some-guess-here', '2001:db8:1:2:dead:beef:0:5').expect(429);
    expect(refused.body).toEqual(THROTTLED);
    await login(users, unknownEmail(), 'some-guess-here', '2001:db8:1:3::1').expect(401);
  });

  it('limits guesses at one account from one /64 as from one address', async () => {
    const owner = await registerCustomer(users);
    await login(users, owner.email, 'guess-one-here', '2001:db8:5:5::1').expect(401);
    await login(users, owner.email, 'guess-two-here', '2001:db8:5:5:1::2').expect(401);
    expect((await login(users, owner.email, owner.password, '2001:db8:5:5:2::3').expect(429)).body).toEqual(THROTTLED);
    await login(users, owner.email, owner.password, '2001:db8:5:6::1').expect(200);
  });

  it('counts an IPv4-mapped IPv6 address as the IPv4 address it is', async () => {
    for (let n = 0; n < 4; n++) await login(users, unknownEmail(), 'some-guess-here', n % 2 ? '::ffff:10.25.0.1' : '10.25.0.1').expect(401);
    expect((await login(users, unknownEmail(), 'some-guess-here', '::ffff:10.25.0.1').expect(429)).body).toEqual(THROTTLED);
    expect((await login(users, unknownEmail(), 'some-guess-here', '10.25.0.1').expect(429)).body).toEqual(THROTTLED);
  });

  it('limits sign-ups of a whole /64', async () => {
    const signUpFrom = (address: string) =>
      request(users.http).post('/api/users').set('X-Forwarded-For', address).send({ name: 'Many', email: unknownEmail(), password: 'a-long-enough-secret' });
    await signUpFrom('2001:db8:9:9::1').expect(201);
    await signUpFrom('2001:db8:9:9::2').expect(201);
    const refused = await signUpFrom('2001:db8:9:9:1::3').expect(429);
    expect(refused.body).toEqual({ message: 'Too many sign-ups from your network, please try again later' });
    await signUpFrom('2001:db8:9:a::1').expect(201);
  });
});
