import type { OrderDto } from './orders.js';

/** A user as the admin users table and GET /api/users/{id} show it. */
export interface UserDto {
  _id: string;
  name: string;
  email: string;
  isAdmin: boolean;
}


/** The signed-in user's info, kept in local storage under `userInfo`. */
export interface UserInfoDto extends UserDto {
  token: string;
}

/** GET /api/users/profile. */
export interface ProfileDto extends UserDto {
  /** The user's own orders, newest first. */
  orderList: OrderDto[];
  /** Set when the orders could not be read just now (orderList is then empty). */
  ordersUnavailable?: boolean;
}

/** POST /api/users/login. */
export interface LoginInput {
  email: string;
  password: string;
}

/** POST /api/users. */
export interface RegisterInput {
  name: string;
  email: string;
  password: string;
}

/** PUT /api/users/profile. An empty or missing password keeps the current one. */
export interface ProfileUpdateInput {
  name: string;
  email: string;
  password?: string;
  /** Required when the email or the password changes. */
  currentPassword?: string;
}

/** PUT /api/users/{id} (admin). */
export interface UserUpdateInput {
  _id?: string;
  name: string;
  email: string;
  isAdmin: boolean;
}

/** DELETE /api/users/{id}. */
export interface UserDeletedDto {
  _id: string;
}
