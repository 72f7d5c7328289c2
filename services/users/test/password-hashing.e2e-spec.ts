import { randomUUID } from 'node:crypto';
import { hash, type Algorithm } from '@node-rs/argon2';
import request from 'supertest';
import { PasswordHasher } from '../src/users/password-hasher.service.js';
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
/** What the service used before: the `argon2` library's defaults (64 MiB, 3 passes, 4 lanes). */
const OLD_PARAMETERS = { algorithm: 2 as Algorithm /* argon2id */, memoryCost: 65_536, timeCost: 3, parallelism: 4 } as const;

/**
 * Hashes of one password made by the `argon2` package (0.45.1, libargon2), which the service hashed
 * with before @node-rs/argon2: with OWASP's parameters, with that package's defaults, and argon2i.
 * Accounts hold such hashes; they must keep signing in.
 */
const STORED_BY_THE_ARGON2_PACKAGE = {
  password: 'correct horse battery staple',
  owasp: '$argon2id$v=19$m=19456,p=1,t=2$lEH/PJ1U0KgM3ZY4jiRv+w$o4lsdQmcIeRH+gq8Z2R21+xfvQIDiKf2EW+yOjIOtOM',
  oldDefaults: '$argon2id$v=19$m=65536,p=4,t=3$wX30uDIN9bBVQSUONMKrqg$x5qR+mKez//yoPplpJUbHxNauJHhaGbgd9j/ru2fxhM',
  argon2i: '$argon2i$v=19$m=4096,p=1,t=3$RaSndbGHv10a6udwWtQwPw$W+w8CL+cDV2/aUBD8EJs0vcJOtYx4CQVcsrfllZEjvc',
};

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

  it('signs in with a hash the argon2 package made with the same parameters, and keeps it (nothing to replace)', async () => {
    const customer = await registerCustomer(users, { password: STORED_BY_THE_ARGON2_PACKAGE.password });
    await users.dataSource.query('UPDATE app_user SET password_hash = $1 WHERE email = $2', [STORED_BY_THE_ARGON2_PACKAGE.owasp, customer.email]);
    await login(users, customer.email, 'not-the-password').expect(401);
    await login(users, customer.email, customer.password).expect(200);
    // A replacement would have been started with the answer; the next sign-in's answer comes after it.
    await login(users, customer.email, customer.password).expect(200);
    expect(await passwordHashOf(users, customer.email)).toBe(STORED_BY_THE_ARGON2_PACKAGE.owasp);
  });

  it.each([
    ['its old defaults (64 MiB, 3 passes, 4 lanes)', STORED_BY_THE_ARGON2_PACKAGE.oldDefaults],
    ['argon2i', STORED_BY_THE_ARGON2_PACKAGE.argon2i],
  ])('signs in with a hash the argon2 package made with %s, and replaces it with an OWASP argon2id hash', async (_, old) => {
    const customer = await registerCustomer(users, { password: STORED_BY_THE_ARGON2_PACKAGE.password });
    await users.dataSource.query('UPDATE app_user SET password_hash = $1 WHERE email = $2', [old, customer.email]);
    await login(users, customer.email, 'not-the-password').expect(401);
    await login(users, customer.email, customer.password).expect(200);
    expect(hashParametersOf(await hashReplaced(users, customer.email, old))).toEqual(OWASP);
    await login(users, customer.email, customer.password).expect(200);
  });

  it('tells in Server-Timing how long the password work waited for its turn and ran', async () => {
    const body = { name: 'Timed', email: `timed-${randomUUID()}@example.com`, password: 'timed-secret-1' };
    const signedUp = await request(users.http).post('/api/users').send(body).expect(201);
    const signedIn = await login(users, body.email, body.password).expect(200);
    const failed = await login(users, body.email, 'not-the-password').expect(401);
    for (const res of [signedUp, signedIn, failed]) {
      expect(res.headers['server-timing']).toMatch(/^password-queue;dur=\d+\.\d, password-hash;dur=\d+\.\d$/);
    }
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

/** How long the answer's password work waited for its turn (its Server-Timing), in ms. */
const queuedMsOf = (res: request.Response): number => {
  const waited = /password-queue;dur=([\d.]+)/.exec(String(res.headers['server-timing']));
  if (!waited) throw new Error(`no password-queue timing in ${res.status} ${JSON.stringify(res.headers)}`);
  return Number(waited[1]);
};

describe('password hashing under a burst', () => {
  let users: TestUsers;

  beforeAll(async () => {
    // One hash at a time, so that the order in which people are served shows in how long each waited.
    users = await startUsers({ env: { PASSWORD_HASH_CONCURRENCY: '1' } });
  });

  afterAll(async () => {
    await users?.close();
  });

  it('lets a crowd signing up at the same moment, each from an address of its own, wait their turn: nobody is refused', async () => {
    const bodies = Array.from({ length: 40 }, (_, n) => ({ name: `Crowd ${n}`, email: `crowd-${n}-${randomUUID()}@example.com`, password: `crowd-secret-${n}` }));
    const answers = await Promise.all(bodies.map((body) => request(users.http).post('/api/users').set('X-Forwarded-For', newClientAddress()).send(body)));
    expect(answers.map((res) => res.status)).toEqual(bodies.map(() => 201));
    // They did wait for each other: one hash at a time.
    expect(Math.max(...answers.map(queuedMsOf))).toBeGreaterThan(0);
  });

  it("serves a person from another address after one of a busy address's sign-ins, not after all of them", async () => {
    const people: { email: string; password: string }[] = [];
    for (let i = 0; i < 10; i++) people.push(await registerCustomer(users));
    // An account whose stored hash takes long to check (256 MiB): while its sign-in holds the one place, the others queue up.
    const slow = await registerCustomer(users, { password: 'slow-secret-1' });
    const slowHash = await hash(slow.password, { algorithm: 2 as Algorithm, memoryCost: 262_144, timeCost: 3, parallelism: 1 });
    await users.dataSource.query('UPDATE app_user SET password_hash = $1 WHERE email = $2', [slowHash, slow.email]);
    const hasher = users.app.get(PasswordHasher);
    const answeredAt = new Map<string, number>();
    const signIn = (person: { email: string; password: string }, address?: string) =>
      login(users, person.email, person.password, address).then((res) => {
        answeredAt.set(person.email, performance.now());
        return res;
      });
    const waitUntilQueued = async (count: number) => {
      for (let tries = 0; hasher.waiting < count && tries < 1000; tries++) await new Promise((resolve) => setTimeout(resolve, 2));
      expect(hasher.waiting).toBe(count);
    };
    const blocker = signIn(slow);
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Nine people behind one address (a shop's, an office's) sign in at once, and queue up behind the slow check ...
    const busyAddress = newClientAddress();
    const busy = Promise.all(people.slice(0, 9).map((person) => signIn(person, busyAddress)));
    await waitUntilQueued(9);
    // ... then someone signs in from elsewhere.
    const other = signIn(people[9]);
    await waitUntilQueued(10);
    const answers = [await blocker, ...(await busy), await other];
    expect(answers.map((res) => res.status)).toEqual(answers.map(() => 200));
    // One place, served in turns: one of the busy address's, then the other address's, then the busy address's other
    // eight (their answers may overtake each other a little after the check). First come, first served, all nine came first.
    const servedAfter = people.slice(0, 9).filter((person) => (answeredAt.get(person.email) as number) > (answeredAt.get(people[9].email) as number));
    expect(servedAfter.length).toBeGreaterThanOrEqual(6);
  });
});

describe('a sign-up the busy password queue refused', () => {
  let users: TestUsers;

  beforeAll(async () => {
    users = await startUsers({ env: { PASSWORD_HASH_CONCURRENCY: '1', PASSWORD_HASH_MAX_WAIT_MS: '0', SIGN_UP_MAX_PER_ADDRESS: '3' } });
  });

  afterAll(async () => {
    await users?.close();
  });

  it("does not count against its address's sign-ups", async () => {
    const address = newClientAddress();
    const body = (n: number) => ({ name: `Family ${n}`, email: `family-${n}-${randomUUID()}@example.com`, password: `family-secret-${n}` });
    // As many at once as the address may create: none is refused by the sign-up limit, some by the busy queue.
    const burst = await Promise.all(Array.from({ length: 3 }, (_, n) => request(users.http).post('/api/users').set('X-Forwarded-For', address).send(body(n))));
    const statuses = burst.map((res) => res.status);
    expect(statuses.every((status) => status === 201 || status === 503)).toBe(true);
    let created = statuses.filter((status) => status === 201).length;
    // The address may still create the rest of its three, one after the other; then it is refused.
    for (let n = 10; created < 3; n++, created++) {
      await request(users.http).post('/api/users').set('X-Forwarded-For', address).send(body(n)).expect(201);
    }
    await request(users.http).post('/api/users').set('X-Forwarded-For', address).send(body(99)).expect(429);
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
