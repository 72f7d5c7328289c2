import { Body, Controller, Get, Put, Req, Res, UseFilters } from '@nestjs/common';
import {
  ApiTooManyRequestsResponse,
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { ProfileDto, TokenClaims, UserInfoDto } from '@shop/contracts';
import type { Request, Response } from 'express';
import { BodyLimit, CurrentUser, requestIdOf, SignedIn } from '@shop/service-kit';
import { RetryAfterFilter } from '../retry-after.filter.js';
import { requestTimingOf } from '../request-timing.js';
import { UpdateProfileDto } from './dto/update-profile.dto.js';
import { ProfileResponse, UserInfoResponse } from './dto/user.response.js';
import { ProfileService } from './profile.service.js';

@ApiTags('users')
@Controller('api/users/profile')
@UseFilters(RetryAfterFilter)
export class ProfileController {
  constructor(private readonly profile: ProfileService) {}

  @Get()
  @SignedIn()
  @ApiOperation({ summary: "The signed-in user's account and own orders", description: "Signed-in users: the account's name, email and role, with the user's own orders." })
  @ApiOkResponse({ type: ProfileResponse })
  @ApiNotFoundResponse({ description: 'User not found (the account was deleted)' })
  get(@CurrentUser() user: TokenClaims, @Req() req: Request): Promise<ProfileDto> {
    return this.profile.get({
      userId: user.sub,
      authorization: req.headers.authorization ?? '',
      requestId: requestIdOf(req),
    });
  }

  @Put()
  @BodyLimit('4kb')
  @SignedIn()
  @ApiOperation({ summary: "Changes the signed-in user's name, email and (when given) password; answers a new token", description: "Signed-in users. A change of email or password also needs the current password; the answer carries a new token, and the user's older tokens are refused from then on." })
  @ApiOkResponse({ type: UserInfoResponse })
  @ApiBadRequestResponse({ description: 'User already exists, a field breaks its rule, or an unknown field (isAdmin among them)' })
  @ApiNotFoundResponse({ description: 'User not found (the account was deleted)' })
  @ApiServiceUnavailableResponse({ description: 'A new password cannot be hashed at this moment (too many sign-ins); Retry-After says when to try again' })
  @ApiTooManyRequestsResponse({ description: 'Too many wrong current passwords (counted with failed sign-ins); Retry-After says when to try again' })
  update(@CurrentUser() user: TokenClaims, @Body() body: UpdateProfileDto, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<UserInfoDto> {
    // req.ip is the client's address as the gateway forwarded it (the app trusts loopback proxies).
    return this.profile.update(user.sub, body, req.ip ?? req.socket.remoteAddress ?? 'unknown', requestTimingOf(req, res));
  }
}
