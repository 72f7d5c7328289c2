import { ApiProperty } from '@nestjs/swagger';
import type { RegisterInput } from '@shop/contracts';
import { IsEmailAddress, IsNewPassword, IsText, MAX_EMAIL_LENGTH, MAX_NAME_LENGTH, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, Trimmed } from '../../validation.js';

/** POST /api/users. Any other field (isAdmin among them) is rejected. */
export class RegisterUserDto implements RegisterInput {
  @ApiProperty({ maxLength: MAX_NAME_LENGTH, description: 'Trimmed', example: 'Jane Doe' })
  @Trimmed()
  @IsText(MAX_NAME_LENGTH)
  name: string;

  @ApiProperty({ format: 'email', maxLength: MAX_EMAIL_LENGTH, description: 'Kept lower-cased', example: 'jane@example.com' })
  @IsEmailAddress()
  email: string;

  @ApiProperty({ minLength: MIN_PASSWORD_LENGTH, maxLength: MAX_PASSWORD_LENGTH, example: 'correct horse battery' })
  @IsNewPassword()
  password: string;
}
