import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { JwtService } from '@nestjs/jwt';
import request from 'supertest';
import { JWKS_PATH, TOKEN_AUDIENCE, TOKEN_ISSUER, type TokenClaims, type UserInfoDto } from '@shop/contracts';
import { hostileTokens } from '@shop/testing';
import { ADMIN, bearer, decodedToken, login, registerCustomer, startUsers, type TestUsers } from './support/users-app.js';

const FAILED = { message: 'Not authorized, token failed' };

const jwt = new JwtService();

interface PublishedKey {
  kty: string;
  crv: string;
  x: string;
  y: string;
  kid: string;
  alg: string;
  use: string;
}

const claimsOf = (user: Pick<UserInfoDto, '_id' | 'name' | 'email' | 'isAdmin'>): TokenClaims => ({
  sub: user._id,
  name: user.name,
  email: user.email,
  isAdmin: user.isAdmin,
  sv: 1,
});

/** A token as the users service makes it (ES256 with @nestjs/jwt), with whatever the test changes. */
function shopToken(
  key: KeyObject,
  user: Pick<UserInfoDto, '_id' | 'name' | 'email' | 'isAdmin'>,
  options: { kid?: string; issuer?: string; audience?: string; expiresAt?: number | null; claims?: object } = {},
): string {
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    ...claimsOf(user),
    iss: options.issuer ?? TOKEN_ISSUER,
    aud: options.audience ?? TOKEN_AUDIENCE,
    iat: now - 60,
    ...(options.expiresAt === null ? {} : { exp: options.expiresAt ?? now + 600 }),
    ...options.claims,
  };
  return jwt.sign(payload, { privateKey: key, algorithm: 'ES256', ...(options.kid ? { keyid: options.kid } : {}) });
}

/** The SPKI PEM of a published key. */
const pemOf = (key: PublishedKey): string =>
  createPublicKey({ key: { kty: key.kty, crv: key.crv, x: key.x, y: key.y }, format: 'jwk' }).export({ type: 'spki', format: 'pem' }).toString();

/** The RFC 7638 thumbprint of an EC key (its required members in order, as JSON, SHA-256, base64url). */
function thumbprintOf({ crv, kty, x, y }: Pick<PublishedKey, 'crv' | 'kty' | 'x' | 'y'>): string {
  return createHash('sha256').update(JSON.stringify({ crv, kty, x, y })).digest('base64url');
}

describe('tokens signed with the stored key', () => {
  let users: TestUsers;
  let admin: UserInfoDto;
  let published: PublishedKey;

  beforeAll(async () => {
    users = await startUsers();
    admin = (await login(users, ADMIN.email, ADMIN.password).expect(200)).body;
    [published] = (await request(users.http).get(JWKS_PATH).expect(200)).body.keys;
  });

  afterAll(async () => {
    await users?.close();
  });

  const profileWith = (token: string) => request(users.http).get('/api/users/profile').set(bearer(token));
  const userListWith = (token: string) => request(users.http).get('/api/users').set(bearer(token));

  it('publishes one P-256 public key at /.well-known/jwks.json, cacheable, without its private part', async () => {
    const res = await request(users.http).get(JWKS_PATH).expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.body).toEqual({
      keys: [{ kty: 'EC', crv: 'P-256', x: expect.any(String), y: expect.any(String), kid: expect.any(String), alg: 'ES256', use: 'sig' }],
    });
    expect(published.kid).toBe(thumbprintOf(published));
  });

  it('signs tokens that verify against the JWKS with ES256, the shop issuer and audience, and a 12 h expiry', async () => {
    const customer = await registerCustomer(users, { name: 'Token Holder' });
    expect(decodedToken(customer.info.token).header).toEqual({ alg: 'ES256', typ: 'JWT', kid: published.kid });
    const payload = jwt.verify<Record<string, unknown>>(customer.info.token, {
      publicKey: pemOf(published),
      algorithms: ['ES256'],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
    });
    expect(payload).toMatchObject({ sub: customer.info._id, name: 'Token Holder', email: customer.email, isAdmin: false, sv: 1 });
    expect(payload.jti).toEqual(expect.any(String));
    expect((payload.exp as number) - (payload.iat as number)).toBe(12 * 3600);
  });

  it('refuses an HS256 token signed with the public key as its secret', async () => {
    const { hs256 } = hostileTokens(claimsOf({ ...admin, isAdmin: true }), published.kid, pemOf(published));
    const rawX = jwt.sign({ ...claimsOf(admin), iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE }, {
      secret: Buffer.from(published.x, 'base64url'),
      algorithm: 'HS256',
      keyid: published.kid,
      expiresIn: 600,
    });
    for (const token of [hs256, rawX]) {
      expect((await profileWith(token).expect(401)).body).toEqual(FAILED);
      expect((await userListWith(token).expect(401)).body).toEqual(FAILED);
    }
  });

  it('refuses an unsigned token (alg none)', async () => {
    const { none } = hostileTokens(claimsOf({ ...admin, isAdmin: true }), published.kid, pemOf(published));
    expect((await profileWith(none).expect(401)).body).toEqual(FAILED);
    expect((await userListWith(none).expect(401)).body).toEqual(FAILED);
  });

  it('refuses an EdDSA token, the algorithm of earlier versions', async () => {
    const { eddsa } = hostileTokens(claimsOf({ ...admin, isAdmin: true }), published.kid, pemOf(published));
    expect(decodedToken(eddsa).header.alg).toBe('EdDSA');
    expect((await profileWith(eddsa).expect(401)).body).toEqual(FAILED);
    expect((await userListWith(eddsa).expect(401)).body).toEqual(FAILED);
  });

  it('refuses a token signed by another P-256 key, under the right key id, an unknown one or none', async () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    for (const kid of [published.kid, 'a-key-nobody-published', undefined]) {
      expect((await profileWith(shopToken(privateKey, admin, { kid })).expect(401)).body).toEqual(FAILED);
    }
  });

  it('refuses a token whose claims were changed after signing', async () => {
    const customer = await registerCustomer(users);
    const [header, payload, signature] = customer.info.token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...claims, isAdmin: true })).toString('base64url')}.${signature}`;
    expect((await userListWith(forged).expect(401)).body).toEqual(FAILED);
  });

  it('answers 401 Not authorized, no token without a bearer token', async () => {
    for (const header of [undefined, '', 'Bearer', 'Bearer ', 'Basic YWRtaW46YWRtaW4=']) {
      const req = request(users.http).get('/api/users/profile');
      if (header !== undefined) req.set('Authorization', header);
      expect((await req.expect(401)).body).toEqual({ message: 'Not authorized, no token' });
    }
  });
});

describe('tokens signed with JWT_PRIVATE_KEY', () => {
  const privateKey = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
  const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
  let users: TestUsers;
  let admin: UserInfoDto;
  let kid: string;

  beforeAll(async () => {
    // One line with \n escapes, as a .env file holds it.
    users = await startUsers({ env: { JWT_PRIVATE_KEY: pem.replace(/\n/g, '\\n'), TOKEN_TTL: '30m' } });
    admin = (await login(users, ADMIN.email, ADMIN.password).expect(200)).body;
    kid = (await request(users.http).get(JWKS_PATH).expect(200)).body.keys[0].kid;
  });

  afterAll(async () => {
    await users?.close();
  });

  const profileWith = (token: string) => request(users.http).get('/api/users/profile').set(bearer(token));

  it('publishes the public half of that key, and stores no key of its own', async () => {
    const { kty, crv, x, y } = createPublicKey(createPrivateKey(pem)).export({ format: 'jwk' }) as Record<string, string>;
    const res = await request(users.http).get(JWKS_PATH).expect(200);
    expect(res.body.keys).toEqual([{ kty, crv, x, y, kid: thumbprintOf({ kty, crv, x, y }), alg: 'ES256', use: 'sig' }]);
    expect(await users.dataSource.query('SELECT kid FROM signing_key')).toEqual([]);
  });

  it('signs with it, for TOKEN_TTL', async () => {
    const payload = jwt.verify<Record<string, number>>(admin.token, {
      publicKey: createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString(),
      algorithms: ['ES256'],
    });
    expect(payload.exp - payload.iat).toBe(30 * 60);
  });

  it('accepts a token signed with the key as the service signs them', async () => {
    const res = await profileWith(shopToken(privateKey, admin, { kid })).expect(200);
    expect(res.body._id).toBe(admin._id);
  });

  it('refuses an expired token', async () => {
    const token = shopToken(privateKey, admin, { kid, expiresAt: Math.floor(Date.now() / 1000) - 5 });
    expect((await profileWith(token).expect(401)).body).toEqual(FAILED);
  });

  it('refuses a token without an expiry', async () => {
    const token = shopToken(privateKey, admin, { kid, expiresAt: null });
    expect((await profileWith(token).expect(401)).body).toEqual(FAILED);
  });

  it('refuses a token of another issuer or audience', async () => {
    for (const token of [shopToken(privateKey, admin, { kid, issuer: 'someone-else' }), shopToken(privateKey, admin, { kid, audience: 'elsewhere' })]) {
      expect((await profileWith(token).expect(401)).body).toEqual(FAILED);
    }
  });

  it('refuses a token whose claims are not a shop user', async () => {
    for (const claims of [{ isAdmin: 'yes' }, { sv: '1' }, { sub: 42 }]) {
      expect((await profileWith(shopToken(privateKey, admin, { kid, claims })).expect(401)).body).toEqual(FAILED);
    }
  });
});
