import request from 'supertest';
import { decodeProtectedHeader } from 'jose';
import { JWKS_PATH } from '@shop/contracts';
import { deleteStream, dropDatabases, testPrefix } from '@shop/testing';
import { SigningKeys } from '../src/tokens/signing-keys.service.js';
import { registerCustomer, startUsers, type TestUsers } from './support/users-app.js';

const SECRET = 'a-long-random-operator-secret-of-the-shop-0123456789';

async function storedKeys(users: TestUsers): Promise<{ kid: string; private_key: string; active: boolean }[]> {
  return users.dataSource.query('SELECT kid, private_key, active FROM signing_key ORDER BY active DESC, created_at');
}

const publishedKids = async (users: TestUsers): Promise<string[]> =>
  (await request(users.http).get(JWKS_PATH).expect(200)).body.keys.map((key: { kid: string }) => key.kid);

describe('the signing key at rest and its rotation', () => {
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

  it('seals a key stored in the clear once SIGNING_KEY_SECRET is set, keeps its sessions, and needs that secret from then on', async () => {
    const clear = await start();
    const [stored] = await storedKeys(clear);
    expect(stored.private_key).toContain('BEGIN PRIVATE KEY');
    const customer = await registerCustomer(clear);
    await stop(clear);

    const sealed = await start({ SIGNING_KEY_SECRET: SECRET });
    const [resealed] = await storedKeys(sealed);
    expect(resealed.kid).toBe(stored.kid);
    expect(resealed.private_key).toMatch(/^aes-256-gcm:v1:/);
    expect(resealed.private_key).not.toContain('PRIVATE KEY');
    await request(sealed.http).get('/api/users/profile').set(customer.auth).expect(200);
    await stop(sealed);

    await expect(start()).rejects.toThrow(`SIGNING_KEY_SECRET: must be set, the stored signing key ${stored.kid} is encrypted`);
    await expect(start({ SIGNING_KEY_SECRET: `${SECRET}-but-another` })).rejects.toThrow(
      `SIGNING_KEY_SECRET: does not open the stored signing key ${stored.kid} (it was sealed with another secret)`,
    );
    const again = await start({ SIGNING_KEY_SECRET: SECRET });
    expect(await publishedKids(again)).toEqual([stored.kid]);
    await stop(again);
  });

  it('rotates without ending sessions: the previous key stays published and verifies, new tokens use the new key', async () => {
    const one = await start({ SIGNING_KEY_SECRET: SECRET });
    const other = await start({ SIGNING_KEY_SECRET: SECRET });
    const before = await registerCustomer(one);
    const [previous] = await publishedKids(one);

    const kid = await one.app.get(SigningKeys).rotate();
    expect(kid).not.toBe(previous);
    expect(await publishedKids(one)).toEqual([kid, previous]);
    const rows = await storedKeys(one);
    expect(rows.map((row) => [row.kid, row.active])).toEqual([
      [kid, true],
      [previous, false],
    ]);
    expect(rows.every((row) => row.private_key.startsWith('aes-256-gcm:v1:'))).toBe(true);

    // A token of the previous key still works on both replicas; a token of the new key works on the
    // replica that has not reread the keys yet too (an unknown key id makes it reread them).
    await request(one.http).get('/api/users/profile').set(before.auth).expect(200);
    await request(other.http).get('/api/users/profile').set(before.auth).expect(200);
    const after = await registerCustomer(one);
    expect(decodeProtectedHeader(after.info.token).kid).toBe(kid);
    // (It rereads at most once a second, so that made-up key ids cannot keep it busy.)
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await request(other.http).get('/api/users/profile').set(after.auth).expect(200);
    expect(await publishedKids(other)).toEqual([kid, previous]);
    expect(decodeProtectedHeader((await registerCustomer(other)).info.token).kid).toBe(kid);
  });
});
