import { createPublicKey, type KeyObject } from 'node:crypto';
import { ServiceUnavailableException } from '@nestjs/common';
import type { Request } from 'express';
import { passportJwtSecret } from 'jwks-rsa';
import type { SecretOrKeyProvider } from 'passport-jwt';
import { VerifiedTokens } from './verified-tokens.js';

/** The answer when the keys that would verify a token cannot be had now: a 503, never a false 401. */
export const KEYS_UNAVAILABLE = 'Sign-in cannot be checked right now, please try again shortly';

/**
 * Where a service finds the public key a token names: passport-jwt's `secretOrKeyProvider`. It
 * answers the key, or no key when the token names none that is published (the token then fails:
 * 401), or an HttpException when the keys cannot be had now (503).
 */
export abstract class TokenKeys {
  abstract readonly secretOrKeyProvider: SecretOrKeyProvider<Request>;
  /** The tokens these keys verified lately (JwtStrategy): the same token is not verified again for a minute. */
  readonly verified = new VerifiedTokens();
}

/** How the users service's keys are fetched and kept (docs/decisions.md, "Tokens: @nestjs/jwt and @nestjs/passport"). */
export const JWKS_FETCHING = {
  /**
   * A key id is the key's RFC 7638 thumbprint, so it names that key for ever, and the users service
   * deletes a retired key only after every token it signed has expired: a key once fetched is kept a
   * day, and a token that names another key id fetches the JWKS once (a rotation needs no restart).
   */
  cacheMaxAgeMs: 24 * 3600_000,
  /** While the users service cannot be reached, a key whose day is over still verifies for a day more. */
  cacheMaxAgeFallbackMs: 24 * 3600_000,
  /** More keys than a rotation ever publishes at once (the active one and those retired within TOKEN_TTL). */
  cacheMaxEntries: 10,
  /** Tokens naming unknown key ids (made up, or from another issuer) cost the users service this many fetches a minute at most. */
  requestsPerMinute: 10,
  timeoutMs: 3_000,
} as const;

const named = (error: unknown, name: string) => error instanceof Error && error.name === name;

/**
 * The users service's public keys from its JWKS, through jwks-rsa's `passportJwtSecret`: fetched
 * by key id, cached, rate-limited (JWKS_FETCHING). A key id the JWKS does not list makes the token
 * fail (401); a JWKS that cannot be fetched now, or a fetch refused by the rate limit, answers 503:
 * the token was not checked, and the shopper's session must not end over it.
 */
export class JwksTokenKeys extends TokenKeys {
  readonly secretOrKeyProvider: SecretOrKeyProvider<Request>;
  /**
   * The KeyObject of each PEM jwks-rsa answers. jsonwebtoken parses a PEM into a KeyObject at every
   * verification (`createPublicKey`, then its details): under the order pipeline's load that was 4 %
   * of the orders process's time (docs/order-pipeline.md). Keyed by the PEM, so a rotated key is a new
   * entry; as many as jwks-rsa keeps.
   */
  private readonly keyObjects = new Map<string, KeyObject>();

  constructor(jwksUri: string) {
    super();
    const pemProvider = passportJwtSecret({
      jwksUri,
      cache: true,
      cacheMaxAge: JWKS_FETCHING.cacheMaxAgeMs,
      cacheMaxAgeFallback: JWKS_FETCHING.cacheMaxAgeFallbackMs,
      cacheMaxEntries: JWKS_FETCHING.cacheMaxEntries,
      rateLimit: true,
      jwksRequestsPerMinute: JWKS_FETCHING.requestsPerMinute,
      timeout: JWKS_FETCHING.timeoutMs,
      handleSigningKeyError: (error, answer) => {
        if (named(error, 'SigningKeyNotFoundError')) return answer(null);
        return answer(new ServiceUnavailableException(KEYS_UNAVAILABLE, { cause: error }));
      },
    }) as SecretOrKeyProvider<Request>;
    this.secretOrKeyProvider = (req, rawJwt, done) =>
      pemProvider(req, rawJwt, (error, pem) => done(error, typeof pem === 'string' ? (this.keyObjectOf(pem) as unknown as string) : pem));
  }

  private keyObjectOf(pem: string): KeyObject {
    let key = this.keyObjects.get(pem);
    if (!key) {
      if (this.keyObjects.size >= JWKS_FETCHING.cacheMaxEntries) this.keyObjects.delete(this.keyObjects.keys().next().value as string);
      key = createPublicKey(pem);
      this.keyObjects.set(pem, key);
    }
    return key;
  }
}
