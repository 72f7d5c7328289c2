import { Controller, HttpCode, Post, Req, UseFilters, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Request } from 'express';
import type { UserInfoDto } from '@shop/contracts';
import { BodyLimit } from '@shop/service-kit';
import { RetryAfterFilter } from '../retry-after.filter.js';
import { UserInfoResponse } from '../users/dto/user.response.js';
import { LoginDto } from './dto/login.dto.js';
import { LocalAuthGuard } from './local-auth.guard.js';
import { SignInService, type SignedInUser } from './sign-in.service.js';

@ApiTags('users')
@Controller('api/users')
@UseFilters(RetryAfterFilter)
export class SignInController {
  constructor(private readonly signIn: SignInService) {}

  /** The email and password are checked by the local strategy (LocalAuthGuard); the answer carries a new token. */
  @Post('login')
  @BodyLimit('4kb')
  @HttpCode(200)
  @UseGuards(LocalAuthGuard)
  @ApiOperation({ summary: 'Signs a user in with email and password', description: 'Public: answers the account with a bearer token. Repeated failures for one account or address are slowed down (429).' })
  @ApiBody({ type: LoginDto })
  @ApiOkResponse({ type: UserInfoResponse })
  @ApiBadRequestResponse({ description: 'A field breaks its rule, or an unknown field' })
  @ApiUnauthorizedResponse({ description: 'Invalid email or password (the same for both)' })
  @ApiTooManyRequestsResponse({ description: 'Too many failed sign-in attempts; Retry-After says when to try again' })
  @ApiServiceUnavailableResponse({ description: 'Too many sign-ins and sign-ups at this moment; Retry-After says when to try again' })
  login(@Req() req: Request & { user: SignedInUser }): Promise<UserInfoDto> {
    return this.signIn.userInfoOf(req.user);
  }
}
