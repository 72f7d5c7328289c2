import { Body, Controller, HttpCode, Post, Req, Res, UseFilters } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { UserInfoDto } from '@shop/contracts';
import { BodyLimit } from '@shop/service-kit';
import { RetryAfterFilter } from '../retry-after.filter.js';
import { requestTimingOf } from '../request-timing.js';
import { UserInfoResponse } from '../users/dto/user.response.js';
import { LoginDto } from './dto/login.dto.js';
import { SignInService } from './sign-in.service.js';

@ApiTags('users')
@Controller('api/users')
@UseFilters(RetryAfterFilter)
export class SignInController {
  constructor(private readonly signIn: SignInService) {}

  @Post('login')
  @BodyLimit('4kb')
  @HttpCode(200)
  @ApiOperation({ summary: 'Signs a user in with email and password' })
  @ApiOkResponse({ type: UserInfoResponse })
  @ApiBadRequestResponse({ description: 'A field breaks its rule, or an unknown field' })
  @ApiUnauthorizedResponse({ description: 'Invalid email or password (the same for both)' })
  @ApiTooManyRequestsResponse({ description: 'Too many failed sign-in attempts; Retry-After says when to try again' })
  @ApiServiceUnavailableResponse({ description: 'Too many sign-ins and sign-ups at this moment; Retry-After says when to try again' })
  login(@Body() body: LoginDto, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<UserInfoDto> {
    // req.ip is the client's address as the gateway forwarded it (the app trusts loopback proxies).
    const address = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    return this.signIn.signIn(body.email, body.password, address, requestTimingOf(req, res));
  }
}
