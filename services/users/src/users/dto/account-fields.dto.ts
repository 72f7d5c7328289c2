import { ApiProperty } from '@nestjs/swagger';
import { IsEmailAddress, IsText, MAX_EMAIL_LENGTH, MAX_NAME_LENGTH, Trimmed } from '../../validation.js';

/** The name and email every account body carries (registration, profile update, admin update), with one rule each. */
export class AccountFieldsDto {
  @ApiProperty({ maxLength: MAX_NAME_LENGTH, description: 'Trimmed', example: 'Jane Doe' })
  @Trimmed()
  @IsText(MAX_NAME_LENGTH)
  name: string;

  @ApiProperty({ format: 'email', maxLength: MAX_EMAIL_LENGTH, description: 'Kept lower-cased', example: 'jane@example.com' })
  @IsEmailAddress()
  email: string;
}
