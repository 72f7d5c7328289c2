import { ServiceUnavailableException, UnauthorizedException } from '@nestjs/common';
import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey, type CryptoKey, type KeyObject } from 'jose';
import { LRUCache } from 'lru-cache';
import { TOKEN_ALGORITHM, TOKEN_AUDIENCE, TOKEN_ISSUER, type TokenClaims } from '@shop/contracts';

/** Checks a bearer token and answers its claims, or throws a 401. */
export abstract class TokenVerifier {
  abstract verify(token: string): Promise<TokenClaims>;
}

type VerificationKey = JWTVerifyGetKey | CryptoKey | KeyObject;

function claimsOf(payload: JWTPayload): TokenClaims {
  const { sub, name, email, isAdmin, sv } = payload as Partial<TokenClaims> & JWTPayload;
  if (typeof sub !== 'string' || typeof name !== 'string' || typeof email !== 'string' || typeof isAdmin !== 'boolean' || !Number.isSafeInteger(sv)) {
    throw new UnauthorizedException('Not authorized, token failed');
  }
  return { sub, name, email, isAdmin, sv: sv as number };
}

/** How many verified tokens are remembered, and for how long at most. */
const VERIFIED_TOKENS = 10_000;
const REMEMBER_VERIFIED_MS = 60_000;

/**
 * Verifies shop tokens: only the shop's algorithm, issuer and audience are
 * accepted, and an expiry is required. A token that passed is remembered (by
 * its whole text, signature included) for a minute or until it expires, so a
 * customer's next requests skip the signature check: a shopper sends the same
 * token many times a minute. Tokens that fail are never remembered.
 */
export class KeyTokenVerifier extends TokenVerifier {
  private readonly verified = new LRUCache<string, TokenClaims>({ max: VERIFIED_TOKENS });

  constructor(private readonly key: () => VerificationKey | Promise<VerificationKey>) {
    super();
  }

  async verify(token: string): Promise<TokenClaims> {
    const remembered = this.verified.get(token);
    if (remembered) return remembered;
    const key = await this.key();
    try {
      const { payload } = await jwtVerify(token, key as JWTVerifyGetKey, {
        algorithms: [TOKEN_ALGORITHM],
        issuer: TOKEN_ISSUER,
        audience: TOKEN_AUDIENCE,
        requiredClaims: ['exp', 'sub'],
      });
      const claims = claimsOf(payload);
      const untilExpiry = (payload.exp as number) * 1000 - Date.now();
      if (untilExpiry > 0) this.verified.set(token, claims, { ttl: Math.min(REMEMBER_VERIFIED_MS, untilExpiry) });
      return claims;
    } catch (error) {
      if (error instanceof errors.JWKSTimeout || (error instanceof TypeError && /fetch/i.test(error.message))) {
        throw new ServiceUnavailableException('Sign-in cannot be checked right now, please try again shortly');
      }
      if (error instanceof UnauthorizedException) throw error;
      if (error instanceof errors.JOSEError) throw new UnauthorizedException('Not authorized, token failed');
      throw error;
    }
  }
}

/**
 * Verifies tokens with the public keys the users service publishes (JWKS),
 * fetched on first use and cached; a token signed with an unknown key id
 * triggers one refetch, so a key rotation needs no restart.
 */
export class JwksTokenVerifier extends KeyTokenVerifier {
  constructor(jwksUrl: string) {
    const jwks = createRemoteJWKSet(new URL(jwksUrl), { timeoutDuration: 3_000, cooldownDuration: 30_000 });
    super(() => jwks);
  }
}
