import { ApiProperty } from '@nestjs/swagger';
import type { RegisterInput } from '@shop/contracts';
import { IsNewPassword, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../validation.js';
import { AccountFieldsDto } from './account-fields.dto.js';

/** POST /api/users. Any other field (isAdmin among them) is rejected. */
export class RegisterUserDto extends AccountFieldsDto implements RegisterInput {
  @ApiProperty({ minLength: MIN_PASSWORD_LENGTH, maxLength: MAX_PASSWORD_LENGTH, example: 'correct horse battery' })
  @IsNewPassword()
  password: string;
}
