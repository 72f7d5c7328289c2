import { createServer, type Server } from 'node:http';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { JWKS_PATH, TOKEN_ALGORITHM, TOKEN_AUDIENCE, TOKEN_ISSUER, type TokenClaims } from '@shop/contracts';

/**
 * Stands in for the users service's keys in other services' tests: it signs
 * tokens exactly as users does and publishes its public key as a JWKS.
 */
export class TestTokenIssuer {
  private constructor(
    private readonly privateKey: CryptoKey,
    private readonly server: Server,
    readonly jwksUrl: string,
  ) {}

  static async start(): Promise<TestTokenIssuer> {
    const { privateKey, publicKey } = await generateKeyPair(TOKEN_ALGORITHM, { crv: 'Ed25519' });
    const jwk = { ...(await exportJWK(publicKey)), kid: 'test', alg: TOKEN_ALGORITHM, use: 'sig' };
    const server = createServer((req, res) => {
      if (req.url !== JWKS_PATH) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    return new TestTokenIssuer(privateKey, server, `http://127.0.0.1:${port}${JWKS_PATH}`);
  }

  /** A valid token for the given user. */
  sign(claims: TokenClaims, options: { expiresIn?: string | number; key?: CryptoKey } = {}): Promise<string> {
    const { sub, ...rest } = claims;
    return new SignJWT({ ...rest })
      .setProtectedHeader({ alg: TOKEN_ALGORITHM, kid: 'test' })
      .setSubject(sub)
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(options.expiresIn ?? '1h')
      .sign(options.key ?? this.privateKey);
  }

  /** A token signed with a key the shop does not know. */
  async forge(claims: TokenClaims): Promise<string> {
    const { privateKey } = await generateKeyPair(TOKEN_ALGORITHM, { crv: 'Ed25519' });
    return this.sign(claims, { key: privateKey });
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
