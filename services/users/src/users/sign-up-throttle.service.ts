import { Inject, Injectable } from '@nestjs/common';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { DataSource } from 'typeorm';
import { clientKeyOf, SERVICE_CONFIG, sharedRateLimiter } from '@shop/service-kit';
import type { UsersConfig } from '../config.js';
import { SignInThrottled } from '../sign-in/sign-in-throttle.service.js';

export const TOO_MANY_SIGN_UPS = 'Too many sign-ups from your network, please try again later';

/** 429: this address has signed up too many accounts lately; it may try again after `retryAfterSeconds`. */
export class SignUpThrottled extends SignInThrottled {
  constructor(retryAfterSeconds: number) {
    super(retryAfterSeconds, TOO_MANY_SIGN_UPS);
  }
}

/**
 * Accounts created per client address in a window (SIGN_UP_MAX_PER_ADDRESS per
 * SIGN_UP_WINDOW): a script cannot fill the shop with accounts, while a family
 * or an office behind one address still signs up. Only sign-ups that pass
 * validation count, before the password is hashed (so a refused burst costs no
 * argon2 work); one the busy password queue refused (503) is given back. Counted in the users database, so every replica shares the limit,
 * and an IPv6 client by its /64 (`clientKeyOf`), which it can otherwise rotate through for free.
 */
@Injectable()
export class SignUpThrottle {
  private readonly perAddress: RateLimiterAbstract;

  constructor(@Inject(SERVICE_CONFIG) config: UsersConfig, dataSource: DataSource) {
    this.perAddress = sharedRateLimiter(dataSource, { keyPrefix: 'sign_up_address', points: config.SIGN_UP_MAX_PER_ADDRESS, duration: config.SIGN_UP_WINDOW });
  }

  async admit(address: string): Promise<void> {
    try {
      await this.perAddress.consume(clientKeyOf(address));
    } catch (error) {
      if (error instanceof RateLimiterRes) throw new SignUpThrottled(Math.max(1, Math.ceil(error.msBeforeNext / 1000)));
      throw error;
    }
  }

  /** A sign-up `admit` counted made no account because the password could not be hashed then (503): it does not count. */
  async notCreated(address: string): Promise<void> {
    await this.perAddress.reward(clientKeyOf(address));
  }
}
