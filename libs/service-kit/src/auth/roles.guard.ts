import { ForbiddenException, Injectable, SetMetadata, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { TokenClaims } from '@shop/contracts';

/** The shop's one role beyond a signed-in customer. */
export type Role = 'admin';

export const NOT_AN_ADMIN = 'Not authorized as an admin';

const ROLES = 'shop:roles';

/** The roles a route needs (with JwtAuthGuard and RolesGuard: `@AdminOnly()` composes the three). */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES, roles);

const rolesOf = (user: TokenClaims): Role[] => (user.isAdmin ? ['admin'] : []);

/**
 * Lets a request through only when its user has every role the route names (`@Roles`), as Nest's
 * authorization guide writes it; after JwtAuthGuard, whose `req.user` carries the user's current role
 * (SessionCheck), not the one the token was issued with. Refused: 403 `Not authorized as an admin`.
 */
@Injectable()
export class RolesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const needed = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES, [context.getHandler(), context.getClass()]);
    if (!needed || needed.length === 0) return true;
    const { user } = context.switchToHttp().getRequest<{ user?: TokenClaims }>();
    const held = user ? rolesOf(user) : [];
    if (needed.every((role) => held.includes(role))) return true;
    throw new ForbiddenException(NOT_AN_ADMIN);
  }
}
