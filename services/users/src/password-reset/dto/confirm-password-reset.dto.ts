import { ApiProperty } from '@nestjs/swagger';
import { IsNewPassword, IsText, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../validation.js';

/** POST /api/users/password-reset/confirm. */
export class ConfirmPasswordResetDto {
  @ApiProperty({ maxLength: 100, description: "The token of the reset mail's link" })
  @IsText(100)
  token: string;

  @ApiProperty({ minLength: MIN_PASSWORD_LENGTH, maxLength: MAX_PASSWORD_LENGTH, description: 'The new password (the rules of registration)' })
  @IsNewPassword()
  password: string;
}
