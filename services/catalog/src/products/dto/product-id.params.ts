import { ApiProperty } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';

/** A product id in a path. */
export class ProductIdParams {
  @ApiProperty({ format: 'uuid', description: "The product's _id" })
  @IsUUID(undefined, { message: 'id must be a product id (a UUID)' })
  id: string;
}
