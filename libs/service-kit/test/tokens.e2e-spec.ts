import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import { Controller, Get, Module, type DynamicModule } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import type { TokenClaims } from '@shop/contracts';
import { hostileTokens, TestTokenIssuer } from '@shop/testing';
import { configureServiceApp, createServiceApp } from '../src/app.js';
import { AuthModule } from '../src/auth/auth.module.js';
import { AdminOnly, CurrentUser, SignedIn } from '../src/auth/decorators.js';
import { JWKS_FETCHING, JwksTokenKeys } from '../src/auth/token-keys.js';
import { UserStandings, type UserStanding } from '../src/auth/user-standing.js';
import { SERVICE_CONFIG } from '../src/config.js';
import { loggingModule } from '../src/logging.js';

/*
 * The shop's token checks as every service but users has them (service-kit's AuthModule with the users
 * service's JWKS, here a TestTokenIssuer), behind one signed-in and one admin route of an app configured
 * as every service is.
 */

const NO_TOKEN = { message: 'Not authorized, no token' };
const FAILED = { message: 'Not authorized, token failed' };
const SESSION_ENDED = { message: 'Not authorized, session ended' };
const NOT_AN_ADMIN = { message: 'Not authorized as an admin' };
const UNAVAILABLE = { message: 'Sign-in cannot be checked right now, please try again shortly' };

@Controller('api')
class GuardedController {
  @Get('mine')
  @SignedIn()
  mine(@CurrentUser() user: TokenClaims) {
    return user;
  }

  @Get('admin')
  @AdminOnly()
  admin(@CurrentUser() user: TokenClaims) {
    return { admin: user.sub };
  }
}

/** The standings of users as the service's user_access copy holds them, counting every look-up. */
class KnownStandings extends UserStandings {
  readonly standings = new Map<string, UserStanding>();
  lookups = 0;

  async of(userId: string): Promise<UserStanding | undefined> {
    this.lookups += 1;
    return this.standings.get(userId);
  }
}

function appModule(jwksUrl: string, standings: KnownStandings, rememberStandingMs = 0): DynamicModule {
  @Module({})
  class TokensAppModule {}
  return {
    module: TokensAppModule,
    imports: [
      loggingModule('test', 'silent'),
      AuthModule.forRoot({ keys: { useFactory: () => new JwksTokenKeys(jwksUrl) }, standings: { useValue: standings }, rememberStandingMs }),
    ],
    controllers: [GuardedController],
    providers: [{ provide: SERVICE_CONFIG, useValue: { TRUST_PROXY: ['loopback'] } }],
  };
}

interface TokensApp {
  app: NestExpressApplication;
  http: Server;
  issuer: TestTokenIssuer;
  standings: KnownStandings;
  close(): Promise<void>;
}

async function startApp(options: { rememberStandingMs?: number } = {}): Promise<TokensApp> {
  const issuer = await TestTokenIssuer.start();
  const standings = new KnownStandings();
  const app = await createServiceApp(appModule(issuer.jwksUrl, standings, options.rememberStandingMs));
  configureServiceApp(app, { title: 'tokens', description: 'test' });
  await app.init();
  return {
    app,
    http: app.getHttpServer() as Server,
    issuer,
    standings,
    async close() {
      await app.close();
      await issuer.stop();
    },
  };
}

const customerClaims = (fields: Partial<TokenClaims> = {}): TokenClaims => ({
  sub: randomUUID(),
  name: 'Casey Customer',
  email: `${randomUUID()}@example.com`,
  isAdmin: false,
  sv: 1,
  ...fields,
});

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

describe('tokens checked through @nestjs/passport (JWT strategy, jwks-rsa)', () => {
  let shop: TokensApp;

  beforeEach(async () => {
    shop = await startApp();
  });

  afterEach(async () => {
    await shop?.close();
  });

  const mine = (headers: Record<string, string> = {}) => request(shop.http).get('/api/mine').set(headers);
  const admin = (headers: Record<string, string> = {}) => request(shop.http).get('/api/admin').set(headers);

  it("lets a valid token through with its claims as the request's user, after one fetch of the JWKS", async () => {
    const claims = customerClaims();
    const res = await mine(bearer(await shop.issuer.sign(claims))).expect(200);
    expect(res.body).toEqual(claims);
    for (let i = 0; i < 5; i++) await mine(bearer(await shop.issuer.sign(customerClaims()))).expect(200);
    expect(shop.issuer.fetches).toBe(1);
  });

  it("answers the spec's 401 messages, not passport's bare Unauthorized", async () => {
    for (const header of [undefined, '', 'Bearer', 'Bearer ', 'Token abc', 'Basic YWRtaW46YWRtaW4=']) {
      const res = await request(shop.http).get('/api/mine').set(header === undefined ? {} : { Authorization: header }).expect(401);
      expect(res.body).toEqual(NO_TOKEN);
    }
    for (const token of ['not.a.token', 'nonsense', `${'a'.repeat(30)}.${'b'.repeat(30)}.${'c'.repeat(30)}`]) {
      expect((await mine(bearer(token)).expect(401)).body).toEqual(FAILED);
      expect((await admin(bearer(token)).expect(401)).body).toEqual(FAILED);
    }
  });

  it('refuses, with 401 Not authorized, token failed, tokens of another key or algorithm: alg none, HS256 with the public key, EdDSA, another P-256 key', async () => {
    const claims = customerClaims({ isAdmin: true });
    await mine(bearer(await shop.issuer.sign(customerClaims()))).expect(200);
    const { none, hs256, eddsa } = hostileTokens(claims, shop.issuer.kid, shop.issuer.publicKeyPem);
    for (const token of [none, hs256, eddsa, await shop.issuer.forge(claims)]) {
      expect((await mine(bearer(token)).expect(401)).body).toEqual(FAILED);
      expect((await admin(bearer(token)).expect(401)).body).toEqual(FAILED);
    }
    // HS256 and alg none are refused before any key is looked up; EdDSA under a known key id is
    // refused by the algorithm; only the made-up key id of the other P-256 key made fetches (one a request).
    expect(shop.issuer.fetches).toBe(1 + 2);
    expect(shop.standings.lookups).toBe(1);
  });

  it('refuses expired tokens, tokens without an expiry, of another issuer or audience, or whose claims are no shop user', async () => {
    const claims = customerClaims();
    const expired = await shop.issuer.sign(claims, { expiresAt: Math.floor(Date.now() / 1000) - 5 });
    expect((await mine(bearer(expired)).expect(401)).body).toEqual(FAILED);
    for (const changed of [{ iss: 'someone-else' }, { aud: 'elsewhere' }, { iss: undefined }, { exp: undefined }, { isAdmin: 'yes' }, { sv: 1.5 }, { sub: 42 }]) {
      expect((await mine(bearer(await shop.issuer.sign(claims, { claims: changed }))).expect(401)).body).toEqual(FAILED);
    }
    // Changed after signing.
    const [header, payload, signature] = (await shop.issuer.sign(claims)).split('.');
    const edited = { ...JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')), isAdmin: true };
    expect((await admin(bearer(`${header}.${Buffer.from(JSON.stringify(edited)).toString('base64url')}.${signature}`)).expect(401)).body).toEqual(FAILED);
    await mine(bearer(await shop.issuer.sign(claims))).expect(200);
  });

  it('picks a rotated key up by its key id, and keeps verifying the previous one', async () => {
    const before = await shop.issuer.sign(customerClaims());
    await mine(bearer(before)).expect(200);
    const previous = shop.issuer.kid;
    const kid = shop.issuer.rotate();
    expect(kid).not.toBe(previous);
    const after = await shop.issuer.sign(customerClaims());
    await mine(bearer(after)).expect(200);
    await mine(bearer(before)).expect(200);
    await mine(bearer(after)).expect(200);
    expect(shop.issuer.fetches).toBe(2);
  });

  it('refuses tokens of key ids the JWKS does not list without hammering the users service, and serves known keys meanwhile', async () => {
    const valid = await shop.issuer.sign(customerClaims());
    await mine(bearer(valid)).expect(200);
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const res = await mine(bearer(await shop.issuer.forge(customerClaims())));
      statuses.push(res.status);
      // Refused: 401 when the JWKS was read and lists no such key, 503 once the fetches of this minute are spent.
      expect(res.body).toEqual(res.status === 401 ? FAILED : UNAVAILABLE);
      await mine(bearer(valid)).expect(200);
    }
    expect(new Set(statuses)).toEqual(new Set([401, 503]));
    // The minute's allowance (the valid token's key took one of it), and what it refills while the test runs (one every 6 s).
    expect(shop.issuer.fetches).toBeLessThanOrEqual(JWKS_FETCHING.requestsPerMinute + 2);
    expect(shop.issuer.fetches).toBeGreaterThan(1);
  });

  it('answers 503, not a false 401, while the JWKS cannot be fetched, and verifies again once it can', async () => {
    shop.issuer.failWith = 500;
    const token = await shop.issuer.sign(customerClaims());
    expect((await mine(bearer(token)).expect(503)).body).toEqual(UNAVAILABLE);
    shop.issuer.failWith = undefined;
    await mine(bearer(token)).expect(200);
  });

  it("checks the user's standing after the signature, on every request: an ended session 401, a lost role 403, a new role at once", async () => {
    const claims = customerClaims({ isAdmin: true });
    const token = await shop.issuer.sign(claims);
    await admin(bearer(token)).expect(200);
    // Demoted: the token still says admin.
    shop.standings.standings.set(claims.sub, { sessionVersion: 1, isAdmin: false, deleted: false });
    expect((await admin(bearer(token)).expect(403)).body).toEqual(NOT_AN_ADMIN);
    expect((await mine(bearer(token)).expect(200)).body.isAdmin).toBe(false);
    // Signed out: the session version grew.
    shop.standings.standings.set(claims.sub, { sessionVersion: 2, isAdmin: false, deleted: false });
    expect((await mine(bearer(token)).expect(401)).body).toEqual(SESSION_ENDED);
    // Deleted.
    const other = customerClaims();
    shop.standings.standings.set(other.sub, { sessionVersion: 1, isAdmin: false, deleted: true });
    expect((await mine(bearer(await shop.issuer.sign(other))).expect(401)).body).toEqual(SESSION_ENDED);
    // Promoted: a customer's token, the user an admin now.
    const promoted = customerClaims();
    shop.standings.standings.set(promoted.sub, { sessionVersion: 1, isAdmin: true, deleted: false });
    await admin(bearer(await shop.issuer.sign(promoted))).expect(200);
    // A token that fails its signature never reaches the standings.
    const lookups = shop.standings.lookups;
    await mine(bearer(await shop.issuer.forge(claims))).expect(401);
    expect(shop.standings.lookups).toBe(lookups);
  });

  it('refuses a customer on an admin route with 403 Not authorized as an admin, and lets an admin through', async () => {
    expect((await admin(bearer(await shop.issuer.sign(customerClaims()))).expect(403)).body).toEqual(NOT_AN_ADMIN);
    const adminClaims = customerClaims({ isAdmin: true });
    expect((await admin(bearer(await shop.issuer.sign(adminClaims))).expect(200)).body).toEqual({ admin: adminClaims.sub });
    expect((await admin().expect(401)).body).toEqual(NO_TOKEN);
  });
});

describe('token checks of several apps in one process', () => {
  it('checks each app with its own keys and standings (passport keeps one JWT strategy per process)', async () => {
    const [one, other] = [await startApp(), await startApp()];
    try {
      const claims = customerClaims();
      const ofOne = await one.issuer.sign(claims);
      const ofOther = await other.issuer.sign(claims);
      await request(one.http).get('/api/mine').set(bearer(ofOne)).expect(200);
      await request(other.http).get('/api/mine').set(bearer(ofOther)).expect(200);
      expect((await request(one.http).get('/api/mine').set(bearer(ofOther)).expect(401)).body).toEqual(FAILED);
      expect((await request(other.http).get('/api/mine').set(bearer(ofOne)).expect(401)).body).toEqual(FAILED);
      one.standings.standings.set(claims.sub, { sessionVersion: 2, isAdmin: false, deleted: false });
      expect((await request(one.http).get('/api/mine').set(bearer(ofOne)).expect(401)).body).toEqual(SESSION_ENDED);
      await request(other.http).get('/api/mine').set(bearer(ofOther)).expect(200);
    } finally {
      await one.close();
      await other.close();
    }
  });
});

describe('revocation', () => {
  it('refuses a token within about a second of its session ending, where standings are remembered for a second', async () => {
    const shop = await startApp({ rememberStandingMs: 1_000 });
    try {
      const claims = customerClaims();
      const token = await shop.issuer.sign(claims);
      shop.standings.standings.set(claims.sub, { sessionVersion: 1, isAdmin: false, deleted: false });
      await request(shop.http).get('/api/mine').set(bearer(token)).expect(200);
      const ended = Date.now();
      shop.standings.standings.set(claims.sub, { sessionVersion: 2, isAdmin: false, deleted: false });
      while ((await request(shop.http).get('/api/mine').set(bearer(token))).status === 200) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const tookMs = Date.now() - ended;
      expect(tookMs).toBeLessThan(2_000);
      expect((await request(shop.http).get('/api/mine').set(bearer(token)).expect(401)).body).toEqual(SESSION_ENDED);
    } finally {
      await shop.close();
    }
  });
});
