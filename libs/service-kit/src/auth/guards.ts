import {
  applyDecorators,
  createParamDecorator,
  ForbiddenException,
  Injectable,
  UnauthorizedException,
  UseGuards,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { ApiBearerAuth, ApiForbiddenResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Request } from 'express';
import type { TokenClaims } from '@shop/contracts';
import { TokenVerifier } from './token-verifier.js';
import { SessionCheck } from './user-standing.js';

/** A request whose bearer token was verified. */
export interface SignedInRequest extends Request {
  user: TokenClaims;
}

function bearerTokenOf(req: Request): string {
  const header = req.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header.trim()) : null;
  if (!match) throw new UnauthorizedException('Not authorized, no token');
  return match[1];
}

/**
 * Lets a request through only with a valid bearer token of an open session;
 * its claims, with the user's current role, become `req.user`.
 */
@Injectable()
export class SignedInGuard implements CanActivate {
  constructor(
    private readonly verifier: TokenVerifier,
    private readonly sessions: SessionCheck,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<SignedInRequest>();
    req.user = await this.sessions.rightsOf(await this.verifier.verify(bearerTokenOf(req)));
    return true;
  }
}

/** Lets a request through only with a valid bearer token of an admin. */
@Injectable()
export class AdminGuard implements CanActivate {
  constructor(private readonly signedIn: SignedInGuard) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    await this.signedIn.canActivate(context);
    const { user } = context.switchToHttp().getRequest<SignedInRequest>();
    if (!user.isAdmin) throw new ForbiddenException('Not authorized as an admin');
    return true;
  }
}

/** The route needs a signed-in user. */
export const SignedIn = () =>
  applyDecorators(
    UseGuards(SignedInGuard),
    ApiBearerAuth(),
    ApiUnauthorizedResponse({ description: 'No token, or a token that failed verification' }),
  );

/** The route needs a signed-in admin. */
export const AdminOnly = () =>
  applyDecorators(
    UseGuards(AdminGuard),
    ApiBearerAuth(),
    ApiUnauthorizedResponse({ description: 'No token, or a token that failed verification' }),
    ApiForbiddenResponse({ description: 'The user is not an admin' }),
  );

/** The verified claims of the signed-in user (use with `@SignedIn()` or `@AdminOnly()`). */
export const CurrentUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext): TokenClaims => context.switchToHttp().getRequest<SignedInRequest>().user,
);
