import request from 'supertest';
import { JWKS_PATH } from '@shop/contracts';
import { deleteStream, dropDatabases, testPrefix } from '@shop/testing';
import { ADMIN, bearer, login, registerCustomer, startUsers, type TestUsers } from './support/users-app.js';

/** The accounts of the users database, oldest first. */
async function accounts(users: TestUsers): Promise<{ name: string; email: string; is_admin: boolean }[]> {
  return users.dataSource.query('SELECT name, email, is_admin FROM app_user ORDER BY created_at, id');
}

async function storedKeyIds(users: TestUsers): Promise<string[]> {
  return (await users.dataSource.query<{ kid: string }[]>('SELECT kid FROM signing_key')).map((row) => row.kid);
}

async function publishedKeyId(users: TestUsers): Promise<string> {
  return (await request(users.http).get(JWKS_PATH).expect(200)).body.keys[0].kid;
}

describe('starting the users service', () => {
  const prefix = testPrefix();
  const running: TestUsers[] = [];

  const start = async (env: Record<string, string> = {}) => {
    const users = await startUsers({ prefix, env });
    running.push(users);
    return users;
  };
  const stop = async (users: TestUsers) => {
    running.splice(running.indexOf(users), 1);
    await users.close({ keepData: true });
  };

  afterAll(async () => {
    for (const users of running) await users.close({ keepData: true });
    await dropDatabases(prefix);
    await deleteStream(prefix);
  });

  it('creates the admin account in an empty database, and a signing key, and keeps both across restarts', async () => {
    const first = await start();
    expect(await accounts(first)).toEqual([{ name: 'Admin User', email: ADMIN.email, is_admin: true }]);
    const [kid] = await storedKeyIds(first);
    expect(await publishedKeyId(first)).toBe(kid);
    const customer = await registerCustomer(first);
    const adminToken = (await login(first, ADMIN.email, ADMIN.password).expect(200)).body.token as string;
    await stop(first);

    // Another admin email now: the database is not empty, so nobody is added.
    const second = await start({ ADMIN_EMAIL: 'someone-else@example.com' });
    expect(await accounts(second)).toHaveLength(2);
    expect(await storedKeyIds(second)).toEqual([kid]);
    expect(await publishedKeyId(second)).toBe(kid);
    // Tokens issued before the restart still verify.
    const profile = await request(second.http).get('/api/users/profile').set(customer.auth).expect(200);
    expect(profile.body._id).toBe(customer.info._id);
    await request(second.http).get('/api/users').set(bearer(adminToken)).expect(200);
    await stop(second);
  });

  it('creates one admin and one key when two instances start at once on an empty users database', async () => {
    const emptier = await start();
    await emptier.dataSource.query('DELETE FROM app_user');
    await emptier.dataSource.query('DELETE FROM signing_key');
    await stop(emptier);

    const [one, other] = await Promise.all([start(), start()]);
    expect(await accounts(one)).toEqual([{ name: 'Admin User', email: ADMIN.email, is_admin: true }]);
    const kids = await storedKeyIds(one);
    expect(kids).toHaveLength(1);
    expect(await publishedKeyId(one)).toBe(kids[0]);
    expect(await publishedKeyId(other)).toBe(kids[0]);
    // Either instance verifies the other's tokens.
    const fromOne = (await login(one, ADMIN.email, ADMIN.password).expect(200)).body.token as string;
    const fromOther = (await login(other, ADMIN.email, ADMIN.password).expect(200)).body.token as string;
    await request(other.http).get('/api/users/profile').set(bearer(fromOne)).expect(200);
    await request(one.http).get('/api/users/profile').set(bearer(fromOther)).expect(200);
  });
});
