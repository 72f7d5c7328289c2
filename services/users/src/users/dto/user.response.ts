import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { ProfileDto, UserDeletedDto, UserDto, UserInfoDto } from '@shop/contracts';
import { OrderResponse } from '@shop/api-responses';

/** A user as the admin calls answer it (OpenAPI shape of UserDto). */
export class UserResponse implements UserDto {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty() name: string;
  @ApiProperty({ format: 'email', description: 'Lower-cased' }) email: string;
  @ApiProperty() isAdmin: boolean;
}

/** The signed-in user's info: login, register and profile update answer it. */
export class UserInfoResponse extends UserResponse implements UserInfoDto {
  @ApiProperty({ description: 'A bearer token (ES256 JWT) to send as `Authorization: Bearer <token>`' }) token: string;
}

/** The signed-in user's account and own orders (the orders as the orders service answers them). */
export class ProfileResponse extends UserResponse implements ProfileDto {
  @ApiProperty({ type: [OrderResponse], description: "The user's own orders, newest first" })
  orderList: OrderResponse[];
  @ApiPropertyOptional({ description: 'Set when the orders could not be read just now (orderList is then empty)' })
  ordersUnavailable?: boolean;
}

export class UserDeletedResponse implements UserDeletedDto {
  @ApiProperty({ format: 'uuid', description: 'The id of the deleted user' }) _id: string;
}
