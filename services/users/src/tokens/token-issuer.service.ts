import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { SignJWT } from 'jose';
import { TOKEN_ALGORITHM, TOKEN_AUDIENCE, TOKEN_ISSUER, type TokenClaims } from '@shop/contracts';
import { SERVICE_CONFIG } from '@shop/service-kit';
import type { UsersConfig } from '../config.js';
import { SigningKeys } from './signing-keys.service.js';

/** What a token says of its user. */
export type TokenSubject = { id: string; name: string; email: string; isAdmin: boolean; sessionVersion: number };

/** Signs the shop's sign-in tokens: EdDSA, the shop's issuer and audience, an expiry of TOKEN_TTL. */
@Injectable()
export class TokenIssuer {
  constructor(
    private readonly keys: SigningKeys,
    @Inject(SERVICE_CONFIG) private readonly config: UsersConfig,
  ) {}

  issue(user: TokenSubject): Promise<string> {
    const { kid, privateKey } = this.keys.active();
    const claims: Omit<TokenClaims, 'sub'> = { name: user.name, email: user.email, isAdmin: user.isAdmin, sv: user.sessionVersion };
    const now = Math.floor(Date.now() / 1000);
    return (
      new SignJWT(claims)
        .setProtectedHeader({ alg: TOKEN_ALGORITHM, kid, typ: 'JWT' })
        .setSubject(user.id)
        .setIssuer(TOKEN_ISSUER)
        .setAudience(TOKEN_AUDIENCE)
        // A token id of its own, so that two tokens issued within one second still differ.
        .setJti(randomUUID())
        .setIssuedAt(now)
        .setExpirationTime(now + this.config.TOKEN_TTL)
        .sign(privateKey)
    );
  }
}
