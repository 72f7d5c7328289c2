import { Body, Controller, HttpCode, Post, Req, Res, UseFilters } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { BodyLimit } from '@shop/service-kit';
import { RetryAfterFilter } from '../retry-after.filter.js';
import { requestTimingOf } from '../request-timing.js';
import { ConfirmPasswordResetDto } from './dto/confirm-password-reset.dto.js';
import { PasswordResetAnswer } from './dto/password-reset.response.js';
import { RequestPasswordResetDto } from './dto/request-password-reset.dto.js';
import { PasswordResetService, RESET_DONE, RESET_REQUESTED } from './password-reset.service.js';

/** The client's address as the gateway forwarded it (the app trusts loopback proxies). */
const addressOf = (req: Request): string => req.ip ?? req.socket.remoteAddress ?? 'unknown';

@ApiTags('users')
@Controller('api/users/password-reset')
@UseFilters(RetryAfterFilter)
export class PasswordResetController {
  constructor(private readonly resets: PasswordResetService) {}

  @Post()
  @BodyLimit('4kb')
  @HttpCode(202)
  @ApiOperation({ summary: 'Mails a link to reset the password of the account of an email, if there is one (the same answer either way)', description: 'Public: answers 202 whether the account exists or not, so the answer tells nobody which emails have accounts.' })
  @ApiAcceptedResponse({ type: PasswordResetAnswer })
  @ApiBadRequestResponse({ description: 'Not an email, or an unknown field' })
  @ApiTooManyRequestsResponse({ description: 'Too many reset requests from this network; Retry-After says when to try again' })
  async request(@Body() body: RequestPasswordResetDto, @Req() req: Request): Promise<PasswordResetAnswer> {
    await this.resets.request(body.email, addressOf(req));
    return { message: RESET_REQUESTED };
  }

  @Post('confirm')
  @BodyLimit('4kb')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sets a new password with the token of a reset link; ends every session of the account', description: 'Public: the token of the mailed link, once, before it expires; every older token of the account is refused from then on.' })
  @ApiOkResponse({ type: PasswordResetAnswer })
  @ApiBadRequestResponse({ description: 'The link is invalid, expired or used, or the password breaks a rule of registration' })
  @ApiServiceUnavailableResponse({ description: 'The password cannot be hashed at this moment (too many sign-ins); Retry-After says when to try again' })
  async confirm(@Body() body: ConfirmPasswordResetDto, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<PasswordResetAnswer> {
    await this.resets.confirm(body.token, body.password, addressOf(req), requestTimingOf(req, res));
    return { message: RESET_DONE };
  }
}
