import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ValidateIf } from 'class-validator';
import type { ProfileUpdateInput } from '@shop/contracts';
import { IsEmailAddress, IsNewPassword, IsText, MAX_EMAIL_LENGTH, MAX_NAME_LENGTH, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, Trimmed } from '../../validation.js';

/** PUT /api/users/profile. Any other field (isAdmin among them) is rejected. */
export class UpdateProfileDto implements ProfileUpdateInput {
  @ApiProperty({ maxLength: MAX_NAME_LENGTH, description: 'Trimmed', example: 'Jane Doe' })
  @Trimmed()
  @IsText(MAX_NAME_LENGTH)
  name: string;

  @ApiProperty({ format: 'email', maxLength: MAX_EMAIL_LENGTH, description: 'Kept lower-cased', example: 'jane@example.com' })
  @IsEmailAddress()
  email: string;

  @ApiPropertyOptional({
    minLength: MIN_PASSWORD_LENGTH,
    maxLength: MAX_PASSWORD_LENGTH,
    description: 'A new password; missing, null or empty keeps the current one',
  })
  @ValidateIf((input: UpdateProfileDto) => input.password !== undefined && input.password !== null && input.password !== '')
  @IsNewPassword()
  password?: string;
}
