import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsUUID } from 'class-validator';

/** A user id in a path (lower-cased, so that it compares with the ids the service hands out). */
export class UserIdParams {
  @ApiProperty({ format: 'uuid', description: "The user's _id" })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.toLowerCase() : value))
  @IsUUID(undefined, { message: 'id must be a user id (a UUID)' })
  id: string;
}
