import { HttpException, Injectable, UnauthorizedException, type ExecutionContext } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import type { TokenClaims } from '@shop/contracts';
import { isDatabaseUnavailable } from '../errors.js';
import { bearerTokenOf, NO_TOKEN, TOKEN_FAILED, tokenChecks } from './jwt.strategy.js';
import { TokenKeys } from './token-keys.js';
import { SessionCheck } from './user-standing.js';

/** A request that passed JwtAuthGuard: `user` holds the token's claims with the user's current role. */
export interface SignedInRequest extends Request {
  user: TokenClaims;
}

/**
 * `AuthGuard('jwt')` answering in the shop's words (passport's own failure is a bare 401
 * `Unauthorized`): no bearer token 401 `Not authorized, no token`; a token that fails verification
 * 401 `Not authorized, token failed`; a session that ended 401 `Not authorized, session ended` (from
 * SessionCheck); keys that cannot be had now 503. It hands this app's keys and standings to the JWT
 * strategy with the request (AppParts).
 */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  constructor(
    private readonly keys: TokenKeys,
    private readonly sessions: SessionCheck,
  ) {
    super();
  }

  override canActivate(context: ExecutionContext): Promise<boolean> {
    tokenChecks.handOver(context.switchToHttp().getRequest<Request>(), { keys: this.keys, sessions: this.sessions });
    return super.canActivate(context) as Promise<boolean>;
  }

  /**
   * `err`: thrown by the strategy's validate (an ended session, claims that are not a shop user's, a
   * database that cannot be reached); `info`: why passport-jwt refused, with the key source's own
   * HttpException (503) or database failure when the keys could not be had.
   */
  override handleRequest<TUser = TokenClaims>(err: unknown, user: TUser | false, info: unknown, context: ExecutionContext): TUser {
    if (err) throw err;
    if (user) return user;
    if (info instanceof HttpException || isDatabaseUnavailable(info)) throw info;
    throw new UnauthorizedException(bearerTokenOf(context.switchToHttp().getRequest<Request>()) ? TOKEN_FAILED : NO_TOKEN);
  }
}
