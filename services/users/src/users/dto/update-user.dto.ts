import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional, IsUUID } from 'class-validator';
import type { UserUpdateInput } from '@shop/contracts';
import { IsEmailAddress, IsText, MAX_EMAIL_LENGTH, MAX_NAME_LENGTH, Trimmed } from '../../validation.js';

/** PUT /api/users/{id} (admin). */
export class UpdateUserDto implements UserUpdateInput {
  @ApiPropertyOptional({ format: 'uuid', description: "Sent by the shop's admin screen; ignored (the path names the user)" })
  @IsOptional()
  @IsUUID(undefined, { message: '_id must be a user id (a UUID)' })
  _id?: string;

  @ApiProperty({ maxLength: MAX_NAME_LENGTH, description: 'Trimmed', example: 'Jane Doe' })
  @Trimmed()
  @IsText(MAX_NAME_LENGTH)
  name: string;

  @ApiProperty({ format: 'email', maxLength: MAX_EMAIL_LENGTH, description: 'Kept lower-cased', example: 'jane@example.com' })
  @IsEmailAddress()
  email: string;

  @ApiProperty({ description: 'Whether the user is an admin' })
  @IsBoolean({ message: 'isAdmin must be true or false' })
  isAdmin: boolean;
}
