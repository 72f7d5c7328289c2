import { Catch, type ArgumentsHost } from '@nestjs/common';
import type { Response } from 'express';
import { ErrorBodyFilter } from '@shop/service-kit';
import { SignInThrottled } from './sign-in/sign-in-throttle.service.js';
import { PasswordChecksBusy } from './users/password-hasher.service.js';

/**
 * Answers the errors that say when to try again with a `Retry-After` header
 * (seconds) besides the usual `{ message }`: 429 of the sign-in limit, 503 of
 * a password queue too long to wait in.
 */
@Catch(SignInThrottled, PasswordChecksBusy)
export class RetryAfterFilter extends ErrorBodyFilter {
  override catch(exception: SignInThrottled | PasswordChecksBusy, host: ArgumentsHost): void {
    host.switchToHttp().getResponse<Response>().setHeader('Retry-After', String(exception.retryAfterSeconds));
    super.catch(exception, host);
  }
}
