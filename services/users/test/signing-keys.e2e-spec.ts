import { createHash, generateKeyPairSync, sign as signBytes } from 'node:crypto';
import request from 'supertest';
import { JWKS_PATH, TOKEN_AUDIENCE, TOKEN_ISSUER } from '@shop/contracts';
import { deleteStream, dropDatabases, testPrefix } from '@shop/testing';
import { sealPrivateKey } from '../src/tokens/key-encryption.js';
import { SigningKeys } from '../src/tokens/signing-keys.service.js';
import { ADMIN, bearer, decodedToken, login, registerCustomer, startUsers, type TestCustomer, type TestUsers } from './support/users-app.js';

const SECRET = 'a-long-random-operator-secret-of-the-shop-0123456789';

async function storedKeys(users: TestUsers): Promise<{ kid: string; private_key: string; active: boolean }[]> {
  return users.dataSource.query('SELECT kid, private_key, active FROM signing_key ORDER BY active DESC, created_at');
}

const publishedKids = async (users: TestUsers): Promise<string[]> =>
  (await request(users.http).get(JWKS_PATH).expect(200)).body.keys.map((key: { kid: string }) => key.kid);

/** An Ed25519 key as the earlier versions made them, with its key id (the RFC 7638 thumbprint of its public key). */
function earlierVersionKey() {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const { crv, kty, x } = publicKey.export({ format: 'jwk' });
  const kid = createHash('sha256').update(JSON.stringify({ crv, kty, x })).digest('base64url');
  return { kid, privateKey, pem: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString() };
}

/**
 * Makes the users database what an earlier version left: its Ed25519 keys only, an active one and one
 * it retired a minute ago (sealed with `secret` when given), and answers an EdDSA token of `customer`
 * signed with the active key, as that version signed them.
 */
async function storeEarlierVersionKeys(users: TestUsers, customer: TestCustomer, secret?: string): Promise<{ kids: string[]; token: string }> {
  const active = earlierVersionKey();
  const retired = earlierVersionKey();
  const stored = (key: { kid: string; pem: string }) => (secret ? sealPrivateKey(key.pem, secret, key.kid) : key.pem);
  await users.dataSource.query('DELETE FROM signing_key');
  await users.dataSource.query(
    `INSERT INTO signing_key (kid, private_key, active, created_at, retired_at) VALUES
       ($1, $2, true, now(), NULL), ($3, $4, false, now() - interval '1 day', now() - interval '1 minute')`,
    [active.kid, stored(active), retired.kid, stored(retired)],
  );
  const now = Math.floor(Date.now() / 1000);
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const { _id, name, email, isAdmin } = customer.info;
  const input = `${part({ alg: 'EdDSA', kid: active.kid, typ: 'JWT' })}.${part({ name, email, isAdmin, sv: 1, sub: _id, iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE, iat: now, exp: now + 3600 })}`;
  return { kids: [active.kid, retired.kid], token: `${input}.${signBytes(null, Buffer.from(input), active.privateKey).toString('base64url')}` };
}

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
    expect(decodedToken(after.info.token).header.kid).toBe(kid);
    // (It rereads at most once a second, so that made-up key ids cannot keep it busy.)
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await request(other.http).get('/api/users/profile').set(after.auth).expect(200);
    expect(await publishedKids(other)).toEqual([kid, previous]);
    expect(decodedToken((await registerCustomer(other)).info.token).header.kid).toBe(kid);
  });
});

describe('the first start after the EdDSA versions (docs/decisions.md, "Tokens: @nestjs/jwt and @nestjs/passport")', () => {
  const prefixes: string[] = [];
  const running: TestUsers[] = [];

  const start = async (prefix: string, env: Record<string, string> = {}) => {
    const users = await startUsers({ prefix, env });
    running.push(users);
    return users;
  };
  const stop = async (users: TestUsers) => {
    running.splice(running.indexOf(users), 1);
    await users.close({ keepData: true });
  };
  const newPrefix = () => {
    prefixes.push(testPrefix());
    return prefixes[prefixes.length - 1];
  };

  afterAll(async () => {
    for (const users of running) await users.close({ keepData: true });
    for (const prefix of prefixes) {
      await dropDatabases(prefix);
      await deleteStream(prefix);
    }
  });

  it('replaces the Ed25519 keys with an ES256 key: their tokens fail, and everyone signs in again once', async () => {
    const prefix = newPrefix();
    const before = await start(prefix, { SIGNING_KEY_SECRET: SECRET });
    const customer = await registerCustomer(before);
    const earlier = await storeEarlierVersionKeys(before, customer, SECRET);
    await stop(before);

    const upgraded = await start(prefix, { SIGNING_KEY_SECRET: SECRET });
    const rows = await storedKeys(upgraded);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ active: true, private_key: expect.stringMatching(/^aes-256-gcm:v1:/) });
    // Nothing verifies EdDSA now: the Ed25519 keys are deleted and not published, their tokens fail as made-up ones do.
    expect(await publishedKids(upgraded)).toEqual([rows[0].kid]);
    expect(earlier.kids).not.toContain(rows[0].kid);
    const refused = await request(upgraded.http).get('/api/users/profile').set(bearer(earlier.token)).expect(401);
    expect(refused.body).toEqual({ message: 'Not authorized, token failed' });
    // Signing in again gives an ES256 token of the new key, which works.
    const again = (await login(upgraded, customer.email, customer.password).expect(200)).body.token as string;
    expect(decodedToken(again).header).toMatchObject({ alg: 'ES256', kid: rows[0].kid });
    await request(upgraded.http).get('/api/users/profile').set(bearer(again)).expect(200);
  });

  it('makes one ES256 key when two replicas start at once over the Ed25519 keys', async () => {
    const prefix = newPrefix();
    const before = await start(prefix);
    const earlier = await storeEarlierVersionKeys(before, await registerCustomer(before));
    await stop(before);

    const [one, other] = await Promise.all([start(prefix), start(prefix)]);
    const rows = await storedKeys(one);
    expect(rows.map((row) => row.active)).toEqual([true]);
    expect(earlier.kids).not.toContain(rows[0].kid);
    expect(await publishedKids(one)).toEqual([rows[0].kid]);
    expect(await publishedKids(other)).toEqual([rows[0].kid]);
    const token = (await login(one, ADMIN.email, ADMIN.password).expect(200)).body.token as string;
    await request(other.http).get('/api/users').set(bearer(token)).expect(200);
  });
});
