import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req, Res, UseFilters } from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { USERS_PAGE_SIZE, type TokenClaims, type UserDeletedDto, type UserDto, type UserInfoDto, type UserListDto } from '@shop/contracts';
import { AdminOnly, BodyLimit, CurrentUser } from '@shop/service-kit';
import { RetryAfterFilter } from '../retry-after.filter.js';
import { requestTimingOf } from '../request-timing.js';
import { ListUsersQuery } from './dto/list-users.query.js';
import { RegisterUserDto } from './dto/register-user.dto.js';
import { UpdateUserDto } from './dto/update-user.dto.js';
import { UserIdParams } from './dto/user-id.params.js';
import { UserDeletedResponse, UserInfoResponse, UserListResponse, UserResponse } from './dto/user.response.js';
import { UsersService } from './users.service.js';

@ApiTags('users')
@Controller('api/users')
@UseFilters(RetryAfterFilter)
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Post()
  @BodyLimit('4kb')
  @ApiOperation({ summary: 'Registers a customer and signs them in' })
  @ApiCreatedResponse({ type: UserInfoResponse })
  @ApiBadRequestResponse({ description: 'User already exists (any case of the email), a field breaks its rule, or an unknown field' })
  @ApiServiceUnavailableResponse({ description: 'Too many sign-ins and sign-ups at this moment; Retry-After says when to try again' })
  @ApiTooManyRequestsResponse({ description: 'Too many sign-ups from this address lately; Retry-After says when to try again' })
  register(@Body() body: RegisterUserDto, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<UserInfoDto> {
    // req.ip is the client's address as the gateway forwarded it (the app trusts loopback proxies).
    return this.users.register(body, req.ip ?? req.socket.remoteAddress ?? 'unknown', requestTimingOf(req, res));
  }

  @Get()
  @AdminOnly()
  @ApiOperation({ summary: `One page of users (${USERS_PAGE_SIZE} a page), oldest account first` })
  @ApiOkResponse({ type: UserListResponse })
  @ApiBadRequestResponse({ description: 'A pageNumber that is not a whole number from 1' })
  list(@Query() query: ListUsersQuery): Promise<UserListDto> {
    return this.users.list(query.pageNumber ?? 1);
  }

  @Get(':id')
  @AdminOnly()
  @ApiOperation({ summary: 'One user' })
  @ApiOkResponse({ type: UserResponse })
  @ApiBadRequestResponse({ description: 'The id is not a UUID' })
  @ApiNotFoundResponse({ description: 'User not found' })
  get(@Param() { id }: UserIdParams): Promise<UserDto> {
    return this.users.get(id);
  }

  @Put(':id')
  @BodyLimit('4kb')
  @AdminOnly()
  @ApiOperation({ summary: "Changes a customer's name, email and admin role (admins' accounts are not changed here, own admin rights never removed)" })
  @ApiOkResponse({ type: UserResponse })
  @ApiBadRequestResponse({ description: 'User already exists, an admin account changed, own admin rights removed, a field breaks its rule, or an unknown field' })
  @ApiNotFoundResponse({ description: 'User not found' })
  update(@CurrentUser() caller: TokenClaims, @Param() { id }: UserIdParams, @Body() body: UpdateUserDto): Promise<UserDto> {
    return this.users.update(caller.sub, id, body);
  }

  @Delete(':id')
  @AdminOnly()
  @HttpCode(200)
  @ApiOperation({ summary: 'Deletes a customer (admins cannot be deleted)' })
  @ApiOkResponse({ type: UserDeletedResponse })
  @ApiBadRequestResponse({ description: 'Cannot delete an admin user, or the id is not a UUID' })
  @ApiNotFoundResponse({ description: 'User not found' })
  remove(@Param() { id }: UserIdParams): Promise<UserDeletedDto> {
    return this.users.remove(id);
  }
}
