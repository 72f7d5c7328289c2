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
import { DEFAULT_PAGE_SIZE, type TokenClaims, type UserDeletedDto, type UserDto, type UserInfoDto } from '@shop/contracts';
import { AdminOnly, ApiCsvExport, ApiListHeaders, BodyLimit, CurrentUser, setPagingHeaders, streamCsv, type CsvColumns } from '@shop/service-kit';
import { RetryAfterFilter } from '../retry-after.filter.js';
import { requestTimingOf } from '../request-timing.js';
import { ListUsersQuery } from './dto/list-users.query.js';
import { RegisterUserDto } from './dto/register-user.dto.js';
import { UpdateUserDto } from './dto/update-user.dto.js';
import { UserIdParams } from './dto/user-id.params.js';
import { UserDeletedResponse, UserInfoResponse, UserResponse } from './dto/user.response.js';
import { UserList, type ListedUser } from './user-list.js';
import { UsersService } from './users.service.js';

/** The users export's columns. */
const USER_CSV: CsvColumns<ListedUser> = [
  ['id', (user) => user._id],
  ['name', (user) => user.name],
  ['email', (user) => user.email],
  ['admin', (user) => user.isAdmin],
  ['created', (user) => user.createdAt],
];

@ApiTags('users')
@Controller('api/users')
@UseFilters(RetryAfterFilter)
export class UsersController {
  constructor(
    private readonly users: UsersService,
    private readonly userList: UserList,
  ) {}

  @Post()
  @BodyLimit('4kb')
  @ApiOperation({ summary: 'Registers a customer and signs them in', description: "Public: the new account is a customer's; the answer carries its token. An email already taken is refused with 400." })
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
  @ApiOperation({
    summary: `The user list: a page of users (${DEFAULT_PAGE_SIZE} unless pageSize says), oldest account first unless sorted, optionally those whose name or email contains a search text`,
    description: "Admins only: the admin screen's list; the Link header names the next and last pages.",
  })
  @ApiOkResponse({ type: [UserResponse], headers: ApiListHeaders })
  @ApiBadRequestResponse({ description: 'A query parameter out of its range or an unknown one' })
  async list(@Query() query: ListUsersQuery, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<UserDto[]> {
    const { window, users, total } = await this.userList.page(query);
    setPagingHeaders(req, res, window, total);
    return users;
  }

  // Declared before ':id' so that 'export' is never taken for an id.
  @Get('export')
  @AdminOnly()
  @ApiOperation({ summary: 'Every user the search matches, oldest account first, as a CSV file (streamed); paging and sort parameters are accepted and ignored', description: 'Admins only: the user list as a CSV download, for the same search as the list.' })
  @ApiCsvExport()
  @ApiBadRequestResponse({ description: 'A query parameter out of its range or an unknown one' })
  async export(@Query() query: ListUsersQuery, @Res() res: Response): Promise<void> {
    await streamCsv(res, `users-${new Date().toISOString().slice(0, 10)}.csv`, USER_CSV, this.userList.batches(query));
  }

  @Get(':id')
  @AdminOnly()
  @ApiOperation({ summary: 'One user', description: 'Admins only: one account by its id.' })
  @ApiOkResponse({ type: UserResponse })
  @ApiBadRequestResponse({ description: 'The id is not a UUID' })
  @ApiNotFoundResponse({ description: 'User not found' })
  get(@Param() { id }: UserIdParams): Promise<UserDto> {
    return this.users.get(id);
  }

  @Put(':id')
  @BodyLimit('4kb')
  @AdminOnly()
  @ApiOperation({ summary: "Changes a customer's name, email and admin role (admins' accounts are not changed here, own admin rights never removed)", description: "Admins only. The account's older tokens are refused from then on when its role changes." })
  @ApiOkResponse({ type: UserResponse })
  @ApiBadRequestResponse({ description: 'User already exists, an admin account changed, own admin rights removed, a field breaks its rule, or an unknown field' })
  @ApiNotFoundResponse({ description: 'User not found' })
  update(@CurrentUser() caller: TokenClaims, @Param() { id }: UserIdParams, @Body() body: UpdateUserDto): Promise<UserDto> {
    return this.users.update(caller.sub, id, body);
  }

  @Delete(':id')
  @AdminOnly()
  @HttpCode(200)
  @ApiOperation({ summary: 'Deletes a customer (admins cannot be deleted)', description: "Admins only. The account's tokens are refused from then on, in every service." })
  @ApiOkResponse({ type: UserDeletedResponse })
  @ApiBadRequestResponse({ description: 'Cannot delete an admin user, or the id is not a UUID' })
  @ApiNotFoundResponse({ description: 'User not found' })
  remove(@Param() { id }: UserIdParams): Promise<UserDeletedDto> {
    return this.users.remove(id);
  }
}
