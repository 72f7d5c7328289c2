import { Inject, Injectable } from '@nestjs/common';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { DataSource } from 'typeorm';
import { clientKeyOf, SERVICE_CONFIG, sharedRateLimiter } from '@shop/service-kit';
import type { UsersConfig } from '../config.js';
import { SignInThrottled } from '../sign-in/sign-in-throttle.service.js';

export const TOO_MANY_RESET_REQUESTS = 'Too many password reset requests from your network, please try again later';

/** 429: this address asked for too many reset links lately; it may try again after `retryAfterSeconds`. */
export class PasswordResetThrottled extends SignInThrottled {
  constructor(retryAfterSeconds: number) {
    super(retryAfterSeconds, TOO_MANY_RESET_REQUESTS);
  }
}

/**
 * Reset links asked for, counted in the users database (every replica shares the counts):
 * - per client address (an IPv6 client by its /64): PASSWORD_RESET_MAX_PER_ADDRESS in
 *   PASSWORD_RESET_WINDOW, then 429 with Retry-After. Every request counts, whatever the email,
 *   so the answer tells nothing about accounts.
 * - per email: PASSWORD_RESET_MAX_PER_EMAIL in the window, after which no more mails go to it. The
 *   answer stays the same 202 (a 429 here would tell which emails were asked for), so nobody can
 *   flood a mailbox with reset mails from many addresses.
 */
@Injectable()
export class PasswordResetThrottle {
  private readonly perAddress: RateLimiterAbstract;
  private readonly perEmail: RateLimiterAbstract;

  constructor(@Inject(SERVICE_CONFIG) config: UsersConfig, dataSource: DataSource) {
    const duration = config.PASSWORD_RESET_WINDOW;
    this.perAddress = sharedRateLimiter(dataSource, { keyPrefix: 'password_reset_address', points: config.PASSWORD_RESET_MAX_PER_ADDRESS, duration });
    this.perEmail = sharedRateLimiter(dataSource, { keyPrefix: 'password_reset_email', points: config.PASSWORD_RESET_MAX_PER_EMAIL, duration });
  }

  /** Counts a request from `address`; throws `PasswordResetThrottled` past its limit. */
  async admit(address: string): Promise<void> {
    try {
      await this.perAddress.consume(clientKeyOf(address));
    } catch (error) {
      if (error instanceof RateLimiterRes) throw new PasswordResetThrottled(Math.max(1, Math.ceil(error.msBeforeNext / 1000)));
      throw error;
    }
  }

  /** Counts a mail to `email`; answers false when it has had its share of reset mails in the window. */
  async mayMail(email: string): Promise<boolean> {
    try {
      await this.perEmail.consume(email);
      return true;
    } catch (error) {
      if (error instanceof RateLimiterRes) return false;
      throw error;
    }
  }
}
