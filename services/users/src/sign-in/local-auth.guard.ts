import { Injectable, UnauthorizedException, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { Request, Response } from 'express';
import { bodyLimitOf, readJsonBody, validationPipe } from '@shop/service-kit';
import { LoginDto } from './dto/login.dto.js';
import { passwordChecks } from './local.strategy.js';
import { INVALID_CREDENTIALS, SignInService, type SignedInUser } from './sign-in.service.js';

/**
 * `AuthGuard('local')` for POST /api/users/login. Guards run before interceptors and pipes, where
 * every other route has its body read (JsonBodyInterceptor) and validated (the global pipe): this
 * one reads and validates the body first, with the same functions, so that sign-in answers as it
 * always did: 413 past the route's limit and 400 for a malformed or invalid body, before any limit
 * counts or any password is checked. It hands this app's SignInService to the local strategy with
 * the request (AppParts).
 */
@Injectable()
export class LocalAuthGuard extends AuthGuard('local') {
  private readonly validation = validationPipe();

  constructor(
    private readonly signIn: SignInService,
    private readonly reflector: Reflector,
  ) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    await readJsonBody(req, http.getResponse<Response>(), bodyLimitOf(this.reflector, context));
    req.body = (await this.validation.transform(req.body, { type: 'body', metatype: LoginDto })) as LoginDto;
    passwordChecks.handOver(req, this.signIn);
    return (await super.canActivate(context)) as boolean;
  }

  /** `err`: SignInService's own answer (401, 429, 503), thrown as it is. */
  override handleRequest<TUser = SignedInUser>(err: unknown, user: TUser | false): TUser {
    if (err) throw err;
    if (!user) throw new UnauthorizedException(INVALID_CREDENTIALS);
    return user;
  }
}
