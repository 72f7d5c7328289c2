import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module.js';
import { PasswordResetController } from './password-reset.controller.js';
import { PasswordResetService } from './password-reset.service.js';
import { PasswordResetThrottle } from './password-reset-throttle.service.js';

/** "Forgot password?": POST /api/users/password-reset and /confirm, with the reset link sent by mail. */
@Module({
  imports: [UsersModule],
  controllers: [PasswordResetController],
  providers: [PasswordResetService, PasswordResetThrottle],
})
export class PasswordResetModule {}
