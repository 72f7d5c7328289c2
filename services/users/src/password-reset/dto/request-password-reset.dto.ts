import { ApiProperty } from '@nestjs/swagger';
import { IsEmailAddress, MAX_EMAIL_LENGTH } from '../../validation.js';

/** POST /api/users/password-reset. */
export class RequestPasswordResetDto {
  @ApiProperty({ format: 'email', maxLength: MAX_EMAIL_LENGTH, description: 'Any case', example: 'jane@example.com' })
  @IsEmailAddress()
  email: string;
}
