import { Injectable, UnauthorizedException } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { TOKEN_ALGORITHM, TOKEN_AUDIENCE, TOKEN_ISSUER, type TokenClaims } from '@shop/contracts';
import { AppParts } from './app-parts.js';
import type { TokenKeys } from './token-keys.js';
import type { SessionCheck } from './user-standing.js';

export const NO_TOKEN = 'Not authorized, no token';
export const TOKEN_FAILED = 'Not authorized, token failed';

/** The bearer token of a request (`Authorization: Bearer <token>`), or null. */
export const bearerTokenOf = ExtractJwt.fromAuthHeaderAsBearerToken();

/** What the JWT strategy uses of the app a request came to (handed over by JwtAuthGuard). */
export const tokenChecks = new AppParts<{ keys: TokenKeys; sessions: SessionCheck }>('JwtStrategy');

/** The shop's claims of a verified token; a token without them, or without an expiry, fails. */
export function claimsOf(payload: Record<string, unknown>): TokenClaims {
  const { sub, name, email, isAdmin, sv, exp } = payload;
  if (
    typeof sub !== 'string' ||
    typeof name !== 'string' ||
    typeof email !== 'string' ||
    typeof isAdmin !== 'boolean' ||
    typeof sv !== 'number' ||
    !Number.isSafeInteger(sv) ||
    typeof exp !== 'number'
  ) {
    throw new UnauthorizedException(TOKEN_FAILED);
  }
  return { sub, name, email, isAdmin, sv };
}

/**
 * The shop's JWT strategy (passport-jwt), as Nest's authentication guide writes it: the bearer token
 * of the Authorization header, verified with the key its `kid` names (TokenKeys: the users service's
 * JWKS through jwks-rsa, or in users itself its own keys), ES256 only (so `alg: none`, HS256 "signed"
 * with the public key and EdDSA fail), the shop's issuer and audience, an expiry required. `validate`
 * then checks the user's standing (SessionCheck: sign-out, password or role change, deletion) and
 * answers the claims with the current role, which become `req.user`.
 *
 * The keys and standings are the app's own, taken from the request (see AppParts).
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor() {
    super({
      jwtFromRequest: bearerTokenOf,
      secretOrKeyProvider: (req: Request, rawJwt: string, done: (error: unknown, key?: string | Buffer) => void) =>
        tokenChecks.of(req).keys.secretOrKeyProvider(req, rawJwt, done),
      algorithms: [TOKEN_ALGORITHM],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      passReqToCallback: true,
    });
  }

  /**
   * A token these keys verified within the last minute (VerifiedTokens) goes straight to `validate`,
   * as passport-jwt would hand it after verifying it again; any other is verified by passport-jwt.
   */
  override authenticate(req: Request, options?: object): void {
    const token = bearerTokenOf(req);
    const payload = token ? tokenChecks.of(req).keys.verified.payloadOf(token) : undefined;
    if (!payload) return super.authenticate(req, options);
    this.validate(req, payload).then(
      (user) => this.success(user),
      (error: unknown) => this.error(error as Error),
    );
  }

  validate(req: Request, payload: Readonly<Record<string, unknown>>): Promise<TokenClaims> {
    const checks = tokenChecks.of(req);
    const token = bearerTokenOf(req);
    if (token) checks.keys.verified.remember(token, payload);
    return checks.sessions.rightsOf(claimsOf(payload));
  }
}
