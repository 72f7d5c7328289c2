import { createHash, createPublicKey, generateKeyPairSync, sign as signBytes, type KeyObject } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import jwt from 'jsonwebtoken';
import { JWKS_PATH, TOKEN_ALGORITHM, TOKEN_AUDIENCE, TOKEN_ISSUER, type TokenClaims } from '@shop/contracts';

/** A P-256 key pair as the users service makes them, its key id the RFC 7638 thumbprint of its public key. */
interface IssuerKey {
  kid: string;
  privateKey: KeyObject;
  jwk: Record<string, string>;
}

function newIssuerKey(): IssuerKey {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const { crv, kty, x, y } = publicKey.export({ format: 'jwk' }) as Record<string, string>;
  const kid = createHash('sha256').update(JSON.stringify({ crv, kty, x, y })).digest('base64url');
  return { kid, privateKey, jwk: { kty, crv, x, y, kid, alg: TOKEN_ALGORITHM, use: 'sig' } };
}

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** The registered claims of a shop token for `claims`, expiring at `exp` (seconds since the epoch). */
function payloadOf(claims: TokenClaims, exp: number): Record<string, unknown> {
  return { ...claims, iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE, iat: Math.floor(Date.now() / 1000), exp };
}

/**
 * Stands in for the users service's keys in other services' tests: it signs tokens as users does
 * (ES256, the shop's issuer and audience, the key's id in `kid`) and publishes its public keys as a
 * JWKS. It counts the JWKS fetches, rotates its key as `keys.js rotate` does (the previous key stays
 * published), and can answer the fetches with an error, as a users service in trouble would.
 */
export class TestTokenIssuer {
  /** How many times the JWKS was asked for. */
  fetches = 0;
  /** When set, the JWKS is answered with this status and no keys. */
  failWith: number | undefined;
  /** The active key first, then the ones it replaced. */
  private readonly keys: IssuerKey[] = [newIssuerKey()];

  private constructor(
    private readonly server: Server,
    readonly jwksUrl: string,
  ) {}

  static async start(): Promise<TestTokenIssuer> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const issuer = new TestTokenIssuer(server, `http://127.0.0.1:${port}${JWKS_PATH}`);
    server.on('request', (req, res) => {
      if (req.url !== JWKS_PATH) return res.writeHead(404).end();
      issuer.fetches += 1;
      if (issuer.failWith !== undefined) return res.writeHead(issuer.failWith, { 'content-type': 'application/json' }).end('{"message":"down"}');
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: issuer.keys.map((key) => key.jwk) }));
    });
    return issuer;
  }

  /** The key id of the key that signs now. */
  get kid(): string {
    return this.keys[0].kid;
  }

  /** The active public key as the JWKS publishes it. */
  get publicJwk(): Record<string, string> {
    return { ...this.keys[0].jwk };
  }

  /** The active public key in SPKI PEM. */
  get publicKeyPem(): string {
    return createPublicKey(this.keys[0].privateKey).export({ type: 'spki', format: 'pem' }).toString();
  }

  /**
   * A valid token for the given user, signed with the active key; `expiresAt` (seconds since the
   * epoch) in the past makes an expired one, and `claims` replace what the token says (`undefined`
   * leaves a claim out).
   */
  sign(claims: TokenClaims, options: { expiresAt?: number; claims?: Record<string, unknown> } = {}): Promise<string> {
    const { kid, privateKey } = this.keys[0];
    const exp = options.expiresAt ?? Math.floor(Date.now() / 1000) + 3600;
    const payload = Object.fromEntries(Object.entries({ ...payloadOf(claims, exp), ...options.claims }).filter(([, value]) => value !== undefined));
    return Promise.resolve(jwt.sign(payload, privateKey, { algorithm: TOKEN_ALGORITHM, keyid: kid }));
  }

  /** A token signed as the shop's, with a key the shop does not know, under a key id nobody publishes. */
  async forge(claims: TokenClaims): Promise<string> {
    const { kid, privateKey } = newIssuerKey();
    return jwt.sign(payloadOf(claims, Math.floor(Date.now() / 1000) + 3600), privateKey, { algorithm: TOKEN_ALGORITHM, keyid: kid });
  }

  /** A new key signs from now on; the previous ones stay published (as after `keys.js rotate`). Answers its key id. */
  rotate(): string {
    this.keys.unshift(newIssuerKey());
    return this.kid;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/**
 * Tokens the shop must refuse, each claiming `claims` for an hour under the published key id `kid`:
 * unsigned (`alg: none`), HS256 with the published public key (PEM) as its secret, and EdDSA (the
 * algorithm of earlier versions) with an Ed25519 key of its own.
 */
export function hostileTokens(claims: TokenClaims, kid: string, publicKeyPem: string): Record<'none' | 'hs256' | 'eddsa', string> {
  const payload = payloadOf(claims, Math.floor(Date.now() / 1000) + 3600);
  const ed25519 = generateKeyPairSync('ed25519').privateKey;
  const eddsaInput = `${base64url({ alg: 'EdDSA', typ: 'JWT', kid })}.${base64url(payload)}`;
  return {
    none: `${base64url({ alg: 'none', typ: 'JWT', kid })}.${base64url(payload)}.`,
    hs256: jwt.sign(payload, publicKeyPem, { algorithm: 'HS256', keyid: kid }),
    eddsa: `${eddsaInput}.${signBytes(null, Buffer.from(eddsaInput), ed25519).toString('base64url')}`,
  };
}
