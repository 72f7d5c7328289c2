import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module.js';
import { SignInController } from './sign-in.controller.js';
import { SignInService } from './sign-in.service.js';
import { SignInThrottle } from './sign-in-throttle.service.js';

/** POST /api/users/login, with its limit on failed attempts. */
@Module({
  imports: [UsersModule],
  controllers: [SignInController],
  providers: [SignInService, SignInThrottle],
})
export class SignInModule {}
