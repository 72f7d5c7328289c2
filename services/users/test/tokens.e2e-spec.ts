import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import request from 'supertest';
import {
  base64url,
  calculateJwkThumbprint,
  createLocalJWKSet,
  decodeProtectedHeader,
  jwtVerify,
  SignJWT,
  type JSONWebKeySet,
  type JWK,
} from 'jose';
import { JWKS_PATH, TOKEN_ALGORITHM, TOKEN_AUDIENCE, TOKEN_ISSUER, type UserInfoDto } from '@shop/contracts';
import { ADMIN, bearer, login, registerCustomer, startUsers, type TestUsers } from './support/users-app.js';

const FAILED = { message: 'Not authorized, token failed' };

/** A token as the users service makes it, with whatever the test changes. */
function shopToken(
  key: KeyObject | Uint8Array,
  user: { _id: string; name: string; email: string; isAdmin: boolean },
  options: { alg?: string; kid?: string; issuer?: string; audience?: string; expiresAt?: number | null } = {},
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const jwt = new SignJWT({ name: user.name, email: user.email, isAdmin: user.isAdmin, sv: 1 })
    .setProtectedHeader({ alg: options.alg ?? TOKEN_ALGORITHM, ...(options.kid ? { kid: options.kid } : {}) })
    .setSubject(user._id)
    .setIssuer(options.issuer ?? TOKEN_ISSUER)
    .setAudience(options.audience ?? TOKEN_AUDIENCE)
    .setIssuedAt(now - 60);
  if (options.expiresAt !== null) jwt.setExpirationTime(options.expiresAt ?? now + 600);
  return jwt.sign(key);
}

/** An unsigned token (`alg: none`) with the given claims. */
function unsignedToken(claims: object): string {
  const part = (value: object) => base64url.encode(JSON.stringify(value));
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`;
}

describe('tokens signed with the stored key', () => {
  let users: TestUsers;
  let admin: UserInfoDto;
  let jwks: JSONWebKeySet;

  beforeAll(async () => {
    users = await startUsers();
    admin = (await login(users, ADMIN.email, ADMIN.password).expect(200)).body;
    jwks = (await request(users.http).get(JWKS_PATH).expect(200)).body;
  });

  afterAll(async () => {
    await users?.close();
  });

  const profileWith = (token: string) => request(users.http).get('/api/users/profile').set(bearer(token));

  it('publishes one Ed25519 public key at /.well-known/jwks.json, cacheable, without its private part', async () => {
    const res = await request(users.http).get(JWKS_PATH).expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.body).toEqual({
      keys: [{ kty: 'OKP', crv: 'Ed25519', x: expect.any(String), kid: expect.any(String), alg: 'EdDSA', use: 'sig' }],
    });
    const [key] = res.body.keys as JWK[];
    expect(key.kid).toBe(await calculateJwkThumbprint({ kty: key.kty, crv: key.crv, x: key.x }));
  });

  it('signs tokens that verify against the JWKS with EdDSA, the shop issuer and audience, and a 12 h expiry', async () => {
    const customer = await registerCustomer(users, { name: 'Token Holder' });
    const header = decodeProtectedHeader(customer.info.token);
    expect(header).toMatchObject({ alg: 'EdDSA', kid: jwks.keys[0].kid });
    const { payload } = await jwtVerify(customer.info.token, createLocalJWKSet(jwks), {
      algorithms: ['EdDSA'],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
    });
    expect(payload).toMatchObject({ sub: customer.info._id, name: 'Token Holder', email: customer.email, isAdmin: false });
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(12 * 3600);
  });

  it('refuses an HS256 token signed with the public key as its secret', async () => {
    const publicPem = createPublicKey({ key: jwks.keys[0] as never, format: 'jwk' }).export({ type: 'spki', format: 'pem' }).toString();
    for (const secret of [new TextEncoder().encode(publicPem), base64url.decode(jwks.keys[0].x as string)]) {
      const token = await shopToken(secret, { ...admin }, { alg: 'HS256', kid: jwks.keys[0].kid });
      expect((await profileWith(token).expect(401)).body).toEqual(FAILED);
      expect((await request(users.http).get('/api/users').set(bearer(token)).expect(401)).body).toEqual(FAILED);
    }
  });

  it('refuses an unsigned token (alg none)', async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = unsignedToken({
      sub: admin._id,
      name: admin.name,
      email: admin.email,
      isAdmin: true,
      iss: TOKEN_ISSUER,
      aud: TOKEN_AUDIENCE,
      iat: now,
      exp: now + 600,
    });
    expect((await profileWith(token).expect(401)).body).toEqual(FAILED);
    expect((await request(users.http).get('/api/users').set(bearer(token)).expect(401)).body).toEqual(FAILED);
  });

  it('refuses a token signed by another Ed25519 key, even under the right key id', async () => {
    const { privateKey } = generateKeyPairSync('ed25519');
    const token = await shopToken(privateKey, admin, { kid: jwks.keys[0].kid });
    expect((await profileWith(token).expect(401)).body).toEqual(FAILED);
  });

  it('refuses a token whose claims were changed after signing', async () => {
    const customer = await registerCustomer(users);
    const [header, payload, signature] = customer.info.token.split('.');
    const claims = JSON.parse(new TextDecoder().decode(base64url.decode(payload)));
    const forged = `${header}.${base64url.encode(JSON.stringify({ ...claims, isAdmin: true }))}.${signature}`;
    expect((await request(users.http).get('/api/users').set(bearer(forged)).expect(401)).body).toEqual(FAILED);
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
  const privateKey = generateKeyPairSync('ed25519').privateKey;
  const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
  let users: TestUsers;
  let admin: UserInfoDto;

  beforeAll(async () => {
    // One line with \n escapes, as a .env file holds it.
    users = await startUsers({ env: { JWT_PRIVATE_KEY: pem.replace(/\n/g, '\\n'), TOKEN_TTL: '30m' } });
    admin = (await login(users, ADMIN.email, ADMIN.password).expect(200)).body;
  });

  afterAll(async () => {
    await users?.close();
  });

  const profileWith = (token: string) => request(users.http).get('/api/users/profile').set(bearer(token));

  it('publishes the public half of that key, and stores no key of its own', async () => {
    const { kty, crv, x } = createPublicKey(createPrivateKey(pem)).export({ format: 'jwk' });
    const res = await request(users.http).get(JWKS_PATH).expect(200);
    expect(res.body.keys).toEqual([{ kty, crv, x, kid: await calculateJwkThumbprint({ kty, crv, x }), alg: 'EdDSA', use: 'sig' }]);
    expect(await users.dataSource.query('SELECT kid FROM signing_key')).toEqual([]);
  });

  it('signs with it, for TOKEN_TTL', async () => {
    const { payload } = await jwtVerify(admin.token, createPublicKey(privateKey), { algorithms: ['EdDSA'] });
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(30 * 60);
  });

  it('accepts a token signed with the key as the service signs them', async () => {
    const res = await profileWith(await shopToken(privateKey, admin)).expect(200);
    expect(res.body._id).toBe(admin._id);
  });

  it('refuses an expired token', async () => {
    const token = await shopToken(privateKey, admin, { expiresAt: Math.floor(Date.now() / 1000) - 5 });
    expect((await profileWith(token).expect(401)).body).toEqual(FAILED);
  });

  it('refuses a token without an expiry', async () => {
    const token = await shopToken(privateKey, admin, { expiresAt: null });
    expect((await profileWith(token).expect(401)).body).toEqual(FAILED);
  });

  it('refuses a token of another issuer or audience', async () => {
    for (const token of [await shopToken(privateKey, admin, { issuer: 'someone-else' }), await shopToken(privateKey, admin, { audience: 'elsewhere' })]) {
      expect((await profileWith(token).expect(401)).body).toEqual(FAILED);
    }
  });

  it('refuses a token whose claims are not a shop user', async () => {
    const token = await new SignJWT({ name: admin.name, email: admin.email, isAdmin: 'yes' })
      .setProtectedHeader({ alg: TOKEN_ALGORITHM })
      .setSubject(admin._id)
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setExpirationTime('5m')
      .sign(privateKey);
    expect((await profileWith(token).expect(401)).body).toEqual(FAILED);
  });
});
