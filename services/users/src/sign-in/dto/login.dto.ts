import { ApiProperty } from '@nestjs/swagger';
import type { LoginInput } from '@shop/contracts';
import { IsEmailAddress, IsText, MAX_EMAIL_LENGTH, MAX_PASSWORD_LENGTH } from '../../validation.js';

/** POST /api/users/login. */
export class LoginDto implements LoginInput {
  @ApiProperty({ format: 'email', maxLength: MAX_EMAIL_LENGTH, description: 'Any case', example: 'admin@example.com' })
  @IsEmailAddress()
  email: string;

  @ApiProperty({ maxLength: MAX_PASSWORD_LENGTH, example: 'admin12345' })
  @IsText(MAX_PASSWORD_LENGTH)
  password: string;
}
