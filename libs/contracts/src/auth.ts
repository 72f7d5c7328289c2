/** The claims of a shop token, signed by the users service. */
export interface TokenClaims {
  /** The user's id. */
  sub: string;
  name: string;
  email: string;
  isAdmin: boolean;
  /** The user's session version when the token was issued (see UserChanged.sessionVersion). */
  sv: number;
}

/**
 * The only signing algorithm a shop token may use: ECDSA on P-256 with SHA-256. The shop signs with
 * @nestjs/jwt and verifies through passport-jwt, both on jsonwebtoken, which has no EdDSA
 * (docs/decisions.md, "Tokens: @nestjs/jwt and @nestjs/passport").
 */
export const TOKEN_ALGORITHM = 'ES256';
export const TOKEN_ISSUER = 'shop-users';
export const TOKEN_AUDIENCE = 'shop';

/** Where the users service publishes its public keys (JWKS), relative to its base URL. */
export const JWKS_PATH = '/.well-known/jwks.json';
