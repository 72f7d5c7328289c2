import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request, Response } from 'express';
import { Strategy } from 'passport-local';
import { AppParts } from '@shop/service-kit';
import { requestTimingOf } from '../request-timing.js';
import { SignInService, type SignedInUser } from './sign-in.service.js';

/** What the local strategy uses of the app a request came to (handed over by LocalAuthGuard). */
export const passwordChecks = new AppParts<SignInService>('LocalStrategy');

/**
 * Sign-in with email and password (passport-local), as Nest's authentication guide writes it: the
 * body's `email` and `password` go to SignInService.checkPassword, with its limits (429), its
 * argon2id check and its queue (503); the user it answers becomes `req.user`. A wrong password
 * counts there like any failure. The SignInService is the app's own, taken from the request (see
 * AppParts in service-kit).
 */
@Injectable()
export class LocalStrategy extends PassportStrategy(Strategy, 'local') {
  constructor() {
    super({ usernameField: 'email', passwordField: 'password', passReqToCallback: true });
  }

  validate(req: Request, email: string, password: string): Promise<SignedInUser> {
    // req.ip is the client's address as the gateway forwarded it (the app trusts loopback proxies).
    const address = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    return passwordChecks.of(req).checkPassword(email, password, address, requestTimingOf(req, req.res as Response));
  }
}
