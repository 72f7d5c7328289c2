import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { UsersModule } from '../users/users.module.js';
import { LocalStrategy } from './local.strategy.js';
import { SignInController } from './sign-in.controller.js';
import { SignInService } from './sign-in.service.js';

/** POST /api/users/login through passport-local (LocalStrategy), with its limit on failed attempts (SignInThrottle, shared with the profile). */
@Module({
  imports: [UsersModule, PassportModule],
  controllers: [SignInController],
  providers: [SignInService, LocalStrategy],
})
export class SignInModule {}
