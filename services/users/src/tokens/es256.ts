import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { TOKEN_ALGORITHM } from '@shop/contracts';

/** A public key as `/.well-known/jwks.json` publishes it. */
export interface PublicJwk {
  kty: 'EC';
  crv: 'P-256';
  x: string;
  y: string;
  kid: string;
  alg: typeof TOKEN_ALGORITHM;
  use: 'sig';
}

/** A key pair that signs tokens, with its public half as published. */
export interface TokenKeyPair {
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  publicJwk: PublicJwk;
}

/**
 * Whether a key signs the shop's tokens: ECDSA on P-256 (ES256). The Ed25519 keys that signed the
 * EdDSA tokens of earlier versions do not (docs/decisions.md, "Tokens: @nestjs/jwt and @nestjs/passport").
 */
export const signsTokens = (key: KeyObject): boolean => key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1';

/** A new P-256 private key, PKCS8 PEM. */
export const newPrivateKeyPem = (): string =>
  generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();

/** The RFC 7638 thumbprint of an EC public key: SHA-256 of its required members, in that order, as JSON; base64url. */
function thumbprintOf(jwk: { crv: string; kty: string; x: string; y: string }): string {
  const { crv, kty, x, y } = jwk;
  return createHash('sha256').update(JSON.stringify({ crv, kty, x, y })).digest('base64url');
}

/** The key pair of a P-256 private key PEM (check it with `signsTokens` first); its key id is its thumbprint. */
export function tokenKeyPairOf(privateKeyPem: string): TokenKeyPair {
  const privateKey = createPrivateKey({ key: privateKeyPem, format: 'pem' });
  const publicKey = createPublicKey(privateKey);
  const { x, y } = publicKey.export({ format: 'jwk' });
  if (!signsTokens(privateKey) || typeof x !== 'string' || typeof y !== 'string') throw new Error('not a P-256 private key');
  const kid = thumbprintOf({ crv: 'P-256', kty: 'EC', x, y });
  return { kid, privateKey, publicKey, publicJwk: { kty: 'EC', crv: 'P-256', x, y, kid, alg: TOKEN_ALGORITHM, use: 'sig' } };
}
