import type { UserChanged, UserDto, UserInfoDto } from '@shop/contracts';
import type { User } from './user.entity.js';

/** A user as the admin calls answer it: never a password or hash. */
export function toUserDto(user: Pick<User, 'id' | 'name' | 'email' | 'isAdmin'>): UserDto {
  return { _id: user.id, name: user.name, email: user.email, isAdmin: user.isAdmin };
}

/** The signed-in user's info with their token (login, register, profile update). */
export function toUserInfo(user: Pick<User, 'id' | 'name' | 'email' | 'isAdmin'>, token: string): UserInfoDto {
  return { ...toUserDto(user), token };
}

/** What the other services are told of a user (user.created / user.updated). */
export function userChangedOf(user: User): UserChanged {
  return { id: user.id, name: user.name, email: user.email, isAdmin: user.isAdmin, sessionVersion: user.sessionVersion };
}
