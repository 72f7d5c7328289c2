import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module.js';
import { SignInController } from './sign-in.controller.js';
import { SignInService } from './sign-in.service.js';

/** POST /api/users/login, with its limit on failed attempts (SignInThrottle, shared with the profile). */
@Module({
  imports: [UsersModule],
  controllers: [SignInController],
  providers: [SignInService],
})
export class SignInModule {}
