import { applyDecorators, Injectable, UseGuards, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { AdminOnly, type SignedInRequest } from '@shop/service-kit';
import { notAnAdmin } from './user-errors.js';
import { User } from './user.entity.js';

/**
 * Lets an admin call through only when the caller is an admin in the users
 * database now. The token's `isAdmin` may be stale: a demoted admin's token
 * still says admin until it expires, and the users service, which holds the
 * roles, does not have to trust it.
 */
@Injectable()
export class AdminNowGuard implements CanActivate {
  constructor(@InjectRepository(User) private readonly users: Repository<User>) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const { user } = context.switchToHttp().getRequest<SignedInRequest>();
    const caller = await this.users.findOne({ where: { id: user.sub }, select: { id: true, isAdmin: true } });
    if (!caller?.isAdmin) throw notAnAdmin();
    return true;
  }
}

/** The route needs a signed-in admin whose token says so and whose account still is one. */
export const AdminOnlyNow = () => applyDecorators(AdminOnly(), UseGuards(AdminNowGuard));
