import { Module } from '@nestjs/common';
import { SignInThrottle } from '../sign-in/sign-in-throttle.service.js';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OrderHistory, OrdersServiceHistory } from './order-history.js';
import { PasswordHasher } from './password-hasher.service.js';
import { ProfileController } from './profile.controller.js';
import { ProfileService } from './profile.service.js';
import { SignOutController } from './sign-out.controller.js';
import { SignUpThrottle } from './sign-up-throttle.service.js';
import { User } from './user.entity.js';
import { UsersController } from './users.controller.js';
import { UsersService } from './users.service.js';
import { UserList } from './user-list.js';

/** Accounts: registration, the signed-in user's profile, and the admin calls. */
@Module({
  imports: [TypeOrmModule.forFeature([User])],
  // ProfileController first: routes are matched in the order they are registered,
  // so /api/users/profile must come before /api/users/:id.
  controllers: [ProfileController, SignOutController, UsersController],
  providers: [UsersService, UserList, ProfileService, PasswordHasher, SignUpThrottle, SignInThrottle, { provide: OrderHistory, useClass: OrdersServiceHistory }],
  // The sign-in limit also counts wrong current passwords on the profile: one limit per account and address.
  exports: [UsersService, PasswordHasher, SignInThrottle, TypeOrmModule],
})
export class UsersModule {}
