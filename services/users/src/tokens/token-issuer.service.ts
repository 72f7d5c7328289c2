import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { TokenClaims } from '@shop/contracts';
import { SigningKeys } from './signing-keys.service.js';

/** What a token says of its user. */
export type TokenSubject = { id: string; name: string; email: string; isAdmin: boolean; sessionVersion: number };

/**
 * Signs the shop's sign-in tokens with @nestjs/jwt's JwtService: ES256, the shop's issuer and
 * audience and an expiry of TOKEN_TTL (JwtModule's sign options, tokens.module.ts), with the active
 * key and its id (`kid`).
 */
@Injectable()
export class TokenIssuer {
  constructor(
    private readonly keys: SigningKeys,
    private readonly jwt: JwtService,
  ) {}

  issue(user: TokenSubject): Promise<string> {
    const { kid, privateKey } = this.keys.active();
    const claims: Omit<TokenClaims, 'sub'> = { name: user.name, email: user.email, isAdmin: user.isAdmin, sv: user.sessionVersion };
    return this.jwt.signAsync(claims, {
      privateKey,
      keyid: kid,
      subject: user.id,
      // A token id of its own, so that two tokens issued within one second still differ.
      jwtid: randomUUID(),
    });
  }
}
