import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional, IsUUID } from 'class-validator';
import type { UserUpdateInput } from '@shop/contracts';
import { AccountFieldsDto } from './account-fields.dto.js';

/** PUT /api/users/{id} (admin). */
export class UpdateUserDto extends AccountFieldsDto implements UserUpdateInput {
  @ApiPropertyOptional({ format: 'uuid', description: "Sent by the shop's admin screen; ignored (the path names the user)" })
  @IsOptional()
  @IsUUID(undefined, { message: '_id must be a user id (a UUID)' })
  _id?: string;

  @ApiProperty({ description: 'Whether the user is an admin' })
  @IsBoolean({ message: 'isAdmin must be true or false' })
  isAdmin: boolean;
}
