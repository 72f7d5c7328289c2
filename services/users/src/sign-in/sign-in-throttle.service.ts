import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { DataSource } from 'typeorm';
import { SERVICE_CONFIG, sharedRateLimiter } from '@shop/service-kit';
import type { UsersConfig } from '../config.js';

export const TOO_MANY_SIGN_IN_FAILURES = 'Too many failed sign-in attempts, please try again later';

/** 429: the client has failed to sign in too often; it may try again after `retryAfterSeconds`. */
export class SignInThrottled extends HttpException {
  constructor(
    readonly retryAfterSeconds: number,
    message = TOO_MANY_SIGN_IN_FAILURES,
  ) {
    super(message, HttpStatus.TOO_MANY_REQUESTS);
  }
}

const secondsUntil = (res: RateLimiterRes): number => Math.max(1, Math.ceil(res.msBeforeNext / 1000));

/**
 * Counts failed sign-ins in the users database (shared by every replica: `sharedRateLimiter`),
 * over a fixed window (LOGIN_FAILURE_WINDOW),
 * after rate-limiter-flexible's "login endpoint protection" pattern:
 *
 * - per client address whatever the email (LOGIN_MAX_FAILURES_PER_ADDRESS),
 *   which stops trying one password on many accounts: checked before the
 *   password (`get`), and only failures are counted, so any number of people
 *   behind one address who know their passwords sign in together. A success
 *   is checked once more, so that a burst cannot learn much more than the
 *   limit's worth of outcomes: once the address is over the limit, every
 *   answer still to come, right password or wrong, is 429.
 * - per email and client address (LOGIN_MAX_FAILURES), which stops guessing
 *   one account's password: each attempt is counted before the password is
 *   checked, so a burst of parallel guesses cannot slip past the limit; a
 *   success clears the count.
 */
@Injectable()
export class SignInThrottle {
  private readonly perEmailAndAddress: RateLimiterAbstract;
  private readonly perAddress: RateLimiterAbstract;

  constructor(@Inject(SERVICE_CONFIG) config: UsersConfig, dataSource: DataSource) {
    const duration = config.LOGIN_FAILURE_WINDOW;
    this.perEmailAndAddress = sharedRateLimiter(dataSource, { keyPrefix: 'sign_in_email', points: config.LOGIN_MAX_FAILURES, duration });
    this.perAddress = sharedRateLimiter(dataSource, { keyPrefix: 'sign_in_address', points: config.LOGIN_MAX_FAILURES_PER_ADDRESS, duration });
  }

  /**
   * Before the password is checked: throws `SignInThrottled` when the address
   * or the email from this address has failed too often, and counts the
   * attempt against the email from this address.
   */
  async admit(email: string, address: string): Promise<void> {
    await this.refuseAddressOverLimit(address);
    try {
      await this.perEmailAndAddress.consume(this.keyOf(email, address));
    } catch (error) {
      if (error instanceof RateLimiterRes) throw new SignInThrottled(secondsUntil(error));
      throw error;
    }
  }

  /**
   * The password was wrong (or the email unknown): counts a failure of the
   * address. Throws `SignInThrottled` when this failure is past the limit (an
   * attempt of a parallel burst admitted before the others had failed).
   */
  async failed(address: string): Promise<void> {
    const counted = await this.perAddress.penalty(address);
    if (counted.consumedPoints > this.perAddress.points) throw new SignInThrottled(secondsUntil(counted));
  }

  /**
   * The password was right: throws `SignInThrottled` if the address went over
   * its limit while this attempt waited; otherwise clears the email's count
   * from this address.
   */
  async succeeded(email: string, address: string): Promise<void> {
    await this.refuseAddressOverLimit(address);
    await this.perEmailAndAddress.delete(this.keyOf(email, address));
  }

  /** The password could not be checked (the service was busy): the attempt does not count. */
  async notChecked(email: string, address: string): Promise<void> {
    await this.perEmailAndAddress.reward(this.keyOf(email, address));
  }

  private async refuseAddressOverLimit(address: string): Promise<void> {
    const failures = await this.perAddress.get(address);
    if (failures && failures.consumedPoints >= this.perAddress.points) throw new SignInThrottled(secondsUntil(failures));
  }

  // An address never holds a space, so the key is unambiguous whatever the email holds.
  private keyOf(email: string, address: string): string {
    return `${address} ${email}`;
  }
}
