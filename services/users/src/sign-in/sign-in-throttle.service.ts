import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { SERVICE_CONFIG } from '@shop/service-kit';
import type { UsersConfig } from '../config.js';

export const TOO_MANY_SIGN_IN_FAILURES = 'Too many failed sign-in attempts, please try again later';

/** 429: the client has failed to sign in too often; it may try again after `retryAfterSeconds`. */
export class SignInThrottled extends HttpException {
  constructor(readonly retryAfterSeconds: number) {
    super(TOO_MANY_SIGN_IN_FAILURES, HttpStatus.TOO_MANY_REQUESTS);
  }
}

/**
 * Counts failed sign-ins in memory, over a fixed window (LOGIN_FAILURE_WINDOW):
 * per email and client address (LOGIN_MAX_FAILURES), which stops guessing one
 * account's password, and per client address whatever the email
 * (LOGIN_MAX_FAILURES_PER_ADDRESS), which stops trying one password on many
 * accounts. Each attempt is counted before the password is checked, so a burst
 * of parallel attempts cannot slip past the limit; a success takes its count
 * back (and clears the email's count), so only failures remain counted.
 */
@Injectable()
export class SignInThrottle {
  private readonly perEmailAndAddress: RateLimiterMemory;
  private readonly perAddress: RateLimiterMemory;

  constructor(@Inject(SERVICE_CONFIG) config: UsersConfig) {
    const duration = config.LOGIN_FAILURE_WINDOW;
    this.perEmailAndAddress = new RateLimiterMemory({ keyPrefix: 'sign_in_email', points: config.LOGIN_MAX_FAILURES, duration });
    this.perAddress = new RateLimiterMemory({ keyPrefix: 'sign_in_address', points: config.LOGIN_MAX_FAILURES_PER_ADDRESS, duration });
  }

  /** Counts an attempt; throws `SignInThrottled` when the client has failed too often already. */
  async admit(email: string, address: string): Promise<void> {
    const results = await Promise.allSettled([
      this.perEmailAndAddress.consume(this.keyOf(email, address)),
      this.perAddress.consume(address),
    ]);
    const refusals = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
    if (refusals.length === 0) return;
    const unexpected = refusals.find((reason) => !(reason instanceof RateLimiterRes));
    if (unexpected) throw unexpected;
    const waitMs = Math.max(...refusals.map((reason) => (reason as RateLimiterRes).msBeforeNext));
    throw new SignInThrottled(Math.max(1, Math.ceil(waitMs / 1000)));
  }

  /** The attempt succeeded: it does not count, and the account's failures from this address are forgotten. */
  async succeeded(email: string, address: string): Promise<void> {
    await Promise.all([this.perEmailAndAddress.delete(this.keyOf(email, address)), this.perAddress.reward(address)]);
  }

  // An address never holds a space, so the key is unambiguous whatever the email holds.
  private keyOf(email: string, address: string): string {
    return `${address} ${email}`;
  }
}
