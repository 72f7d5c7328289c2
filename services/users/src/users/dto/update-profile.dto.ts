import { ApiPropertyOptional } from '@nestjs/swagger';
import { ValidateBy, ValidateIf } from 'class-validator';
import type { ProfileUpdateInput } from '@shop/contracts';
import { IsNewPassword, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../validation.js';
import { AccountFieldsDto } from './account-fields.dto.js';

/** PUT /api/users/profile. Any other field (isAdmin among them) is rejected. */
export class UpdateProfileDto extends AccountFieldsDto implements ProfileUpdateInput {
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    // Either empty (keep the current one) or a new password of MIN_PASSWORD_LENGTH or more.
    oneOf: [
      { type: 'string', maxLength: 0 },
      { type: 'string', minLength: MIN_PASSWORD_LENGTH, maxLength: MAX_PASSWORD_LENGTH },
    ],
    description: `A new password of ${MIN_PASSWORD_LENGTH} characters or more; missing, null or empty ('') keeps the current one`,
  })
  @ValidateIf((input: UpdateProfileDto) => input.password !== undefined && input.password !== null && input.password !== '')
  @IsNewPassword()
  password?: string;

  @ApiPropertyOptional({
    maxLength: MAX_PASSWORD_LENGTH,
    description: 'The password the account has now: required when the email or the password changes',
  })
  @ValidateIf((input: UpdateProfileDto) => input.currentPassword !== undefined && input.currentPassword !== null && input.currentPassword !== '')
  @ValidateBy({
    name: 'isCurrentPassword',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && value.length <= MAX_PASSWORD_LENGTH,
      defaultMessage: () => `currentPassword must be text of at most ${MAX_PASSWORD_LENGTH} characters`,
    },
  })
  currentPassword?: string;
}
