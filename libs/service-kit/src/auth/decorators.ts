import { applyDecorators, createParamDecorator, UseGuards, type ExecutionContext } from '@nestjs/common';
import { ApiBearerAuth, ApiForbiddenResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { TokenClaims } from '@shop/contracts';
import { JwtAuthGuard, type SignedInRequest } from './jwt-auth.guard.js';
import { Roles, RolesGuard } from './roles.guard.js';

/** The route needs a signed-in user: `AuthGuard('jwt')` (JwtAuthGuard). */
export const SignedIn = () =>
  applyDecorators(
    UseGuards(JwtAuthGuard),
    ApiBearerAuth(),
    ApiUnauthorizedResponse({ description: 'No token, or a token that failed verification' }),
  );

/** The route needs a signed-in admin: `AuthGuard('jwt')` (JwtAuthGuard), then RolesGuard with the admin role. */
export const AdminOnly = () =>
  applyDecorators(
    Roles('admin'),
    UseGuards(JwtAuthGuard, RolesGuard),
    ApiBearerAuth(),
    ApiUnauthorizedResponse({ description: 'No token, or a token that failed verification' }),
    ApiForbiddenResponse({ description: 'The user is not an admin' }),
  );

/** The verified claims of the signed-in user, with their current role (use with `@SignedIn()` or `@AdminOnly()`). */
export const CurrentUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext): TokenClaims => context.switchToHttp().getRequest<SignedInRequest>().user,
);
