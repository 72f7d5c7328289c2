import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** How a sealed key starts; a stored key without it is a PEM kept in the clear (before SIGNING_KEY_SECRET was set). */
const SEALED = 'aes-256-gcm:v1:';

/** SIGNING_KEY_SECRET was needed to read the stored key, and is missing or another one. */
export class SigningKeySecretError extends Error {}

/** The AES-256 key derived from the setting (HKDF-SHA-256), so any long random text serves as the secret. */
function aesKeyOf(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'shop users signing keys', 'aes-256-gcm v1', 32));
}

export const isSealed = (stored: string): boolean => stored.startsWith(SEALED);

/**
 * Encrypts a private key PEM with AES-256-GCM under the secret; the key id is authenticated with
 * it, so a sealed key moved to another row does not open.
 */
export function sealPrivateKey(pem: string, secret: string, kid: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', aesKeyOf(secret), iv);
  cipher.setAAD(Buffer.from(kid));
  const body = Buffer.concat([cipher.update(pem, 'utf8'), cipher.final()]);
  return `${SEALED}${[iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.')}`;
}

/** The PEM of a stored key: sealed ones are opened with the secret, clear ones answered as they are. */
export function openPrivateKey(stored: string, secret: string | undefined, kid: string): string {
  if (!isSealed(stored)) return stored;
  if (!secret) throw new SigningKeySecretError(`SIGNING_KEY_SECRET: must be set, the stored signing key ${kid} is encrypted`);
  const [iv, tag, body] = stored
    .slice(SEALED.length)
    .split('.')
    .map((part) => Buffer.from(part, 'base64url'));
  try {
    const decipher = createDecipheriv('aes-256-gcm', aesKeyOf(secret), iv);
    decipher.setAAD(Buffer.from(kid));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  } catch {
    throw new SigningKeySecretError(`SIGNING_KEY_SECRET: does not open the stored signing key ${kid} (it was sealed with another secret)`);
  }
}
