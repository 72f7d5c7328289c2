import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { DataSource } from 'typeorm';
import { clientKeyOf, SERVICE_CONFIG, sharedRateLimiter } from '@shop/service-kit';
import type { UsersConfig } from '../config.js';

import { TOO_MANY_ACCOUNT_FAILURES, TOO_MANY_SIGN_IN_FAILURES } from '@shop/contracts';

// The texts live in @shop/contracts: the storefront's plain sign-in form shows them too (plain-forms.ts).
export { TOO_MANY_ACCOUNT_FAILURES, TOO_MANY_SIGN_IN_FAILURES };

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

/** An attempt admitted by `SignInThrottle.admit`, to be reported back as failed, succeeded or not checked. */
export interface SignInAttempt {
  readonly email: string;
  /** The client address as it is counted (an IPv6 address by its /64: `clientKeyOf`). */
  readonly addressKey: string;
  /** Whether the attempt holds the account's turn (it came after the account's free failures). */
  readonly heldTurn: boolean;
}

/**
 * Counts failed sign-ins in the users database (shared by every replica: `sharedRateLimiter`),
 * after rate-limiter-flexible's "login endpoint protection" pattern, with client addresses
 * counted by `clientKeyOf` (an IPv6 client by its /64):
 *
 * - per client address whatever the email (LOGIN_MAX_FAILURES_PER_ADDRESS in
 *   LOGIN_FAILURE_WINDOW), which stops trying one password on many accounts:
 *   checked before the password (`get`), and only failures are counted, so
 *   any number of people behind one address who know their passwords sign in
 *   together. A success is checked once more, so that a burst cannot learn
 *   much more than the limit's worth of outcomes: once the address is over
 *   the limit, every answer still to come, right password or wrong, is 429.
 * - per email and client address (LOGIN_MAX_FAILURES in LOGIN_FAILURE_WINDOW),
 *   which stops guessing one account's password from one place: each attempt
 *   is counted before the password is checked, so a burst of parallel guesses
 *   cannot slip past the limit; a success clears the count.
 * - per account from every address, a growing delay rather than a lock
 *   (OWASP's Authentication Cheat Sheet): after LOGIN_ACCOUNT_FREE_FAILURES
 *   failures in LOGIN_ACCOUNT_WINDOW, each further attempt waits its turn, the
 *   turn coming LOGIN_ACCOUNT_DELAY_MS after the last failure, doubling with
 *   each failure up to LOGIN_ACCOUNT_MAX_DELAY_MS. Nobody can lock another
 *   person out: the right password signs in once the wait is over (and clears
 *   the account's count), while guesses from any number of addresses get one
 *   try per wait. Attempts are counted before the password is checked and
 *   only one at a time holds the turn, so parallel guesses from many
 *   addresses do not slip past either; an attempt refused with 429 is not
 *   counted, so hammering an account does not make its owner wait longer.
 */
@Injectable()
export class SignInThrottle {
  private readonly perEmailAndAddress: RateLimiterAbstract;
  private readonly perAddress: RateLimiterAbstract;
  /** Attempts at each account (email) in LOGIN_ACCOUNT_WINDOW, from any address: the ones in flight and the failures. */
  private readonly perAccount: RateLimiterAbstract;
  /** One attempt at a time at an account past its free failures; blocked for the wait after each failure. */
  private readonly accountTurns: RateLimiterAbstract;
  private readonly freeFailures: number;
  private readonly firstDelayMs: number;
  private readonly maxDelayMs: number;

  constructor(@Inject(SERVICE_CONFIG) config: UsersConfig, dataSource: DataSource) {
    const duration = config.LOGIN_FAILURE_WINDOW;
    this.perEmailAndAddress = sharedRateLimiter(dataSource, { keyPrefix: 'sign_in_email', points: config.LOGIN_MAX_FAILURES, duration });
    this.perAddress = sharedRateLimiter(dataSource, { keyPrefix: 'sign_in_address', points: config.LOGIN_MAX_FAILURES_PER_ADDRESS, duration });
    // Never refuses by itself (penalty and get only): it counts, and accountTurns refuses.
    this.perAccount = sharedRateLimiter(dataSource, { keyPrefix: 'sign_in_account', points: 2 ** 30, duration: config.LOGIN_ACCOUNT_WINDOW });
    this.accountTurns = sharedRateLimiter(dataSource, { keyPrefix: 'sign_in_account_turn', points: 1, duration: 1 });
    this.freeFailures = config.LOGIN_ACCOUNT_FREE_FAILURES;
    this.firstDelayMs = config.LOGIN_ACCOUNT_DELAY_MS;
    this.maxDelayMs = config.LOGIN_ACCOUNT_MAX_DELAY_MS;
  }

  /**
   * Before the password is checked: throws `SignInThrottled` when the address,
   * the email from this address, or the account from anywhere has failed too
   * often (the account: until its turn comes), and counts the attempt against
   * the email from this address and against the account.
   */
  async admit(email: string, address: string): Promise<SignInAttempt> {
    const addressKey = clientKeyOf(address);
    await this.refuseAddressOverLimit(addressKey);
    try {
      await this.perEmailAndAddress.consume(this.keyOf(email, addressKey));
    } catch (error) {
      if (error instanceof RateLimiterRes) throw new SignInThrottled(secondsUntil(error));
      throw error;
    }
    try {
      return { email, addressKey, heldTurn: await this.takeAccountTurn(email) };
    } catch (error) {
      await this.perEmailAndAddress.reward(this.keyOf(email, addressKey));
      throw error;
    }
  }

  /**
   * The password was wrong (or the email unknown): counts a failure of the
   * address and makes the account's next attempt wait once it is past its free
   * failures. Throws `SignInThrottled` when this failure is past the address's
   * limit (an attempt of a parallel burst admitted before the others had failed).
   */
  async failed(attempt: SignInAttempt): Promise<void> {
    const failures = (await this.perAccount.get(attempt.email))?.consumedPoints ?? 0;
    if (failures >= this.freeFailures) await this.accountTurns.block(attempt.email, this.delaySecondsAfter(failures));
    const counted = await this.perAddress.penalty(attempt.addressKey);
    if (counted.consumedPoints > this.perAddress.points) throw new SignInThrottled(secondsUntil(counted));
  }

  /**
   * The password was right: throws `SignInThrottled` if the address went over
   * its limit while this attempt waited; otherwise clears the email's count
   * from this address, and the account's count and wait.
   */
  async succeeded(attempt: SignInAttempt): Promise<void> {
    await this.refuseAddressOverLimit(attempt.addressKey);
    await Promise.all([
      this.perEmailAndAddress.delete(this.keyOf(attempt.email, attempt.addressKey)),
      this.perAccount.delete(attempt.email),
      this.accountTurns.delete(attempt.email),
    ]);
  }

  /** The password could not be checked (the service was busy): the attempt does not count, and gives back the account's turn. */
  async notChecked(attempt: SignInAttempt): Promise<void> {
    await Promise.all([
      this.perEmailAndAddress.reward(this.keyOf(attempt.email, attempt.addressKey)),
      this.perAccount.reward(attempt.email),
      ...(attempt.heldTurn ? [this.accountTurns.reward(attempt.email)] : []),
    ]);
  }

  /**
   * Counts the attempt against the account. Past its free failures, the
   * attempt must take the account's turn, which only one attempt holds at a
   * time and which is blocked for the wait after each failure; answers whether
   * it took it, or throws `SignInThrottled` (and does not count the attempt).
   * The turn is held for the wait its failure would start, so that an answer
   * of 429 meanwhile says about when to come back.
   */
  private async takeAccountTurn(email: string): Promise<boolean> {
    const attempts = (await this.perAccount.penalty(email)).consumedPoints;
    if (attempts <= this.freeFailures) return false;
    try {
      await this.accountTurns.consume(email, 1, { customDuration: this.delaySecondsAfter(attempts) });
      return true;
    } catch (error) {
      await this.perAccount.reward(email);
      if (error instanceof RateLimiterRes) throw new SignInThrottled(secondsUntil(error), TOO_MANY_ACCOUNT_FAILURES);
      throw error;
    }
  }

  /**
   * The wait after an account's `failures`-th failure, in seconds: LOGIN_ACCOUNT_DELAY_MS doubled per
   * failure past the free ones, capped, rounded up to an eighth of a second. Eighths are exact in
   * binary, so the limiter's seconds-to-ms product stays a whole number (its bigint column refuses
   * 70.00000000000001, which is what 0.07 * 1000 gives).
   */
  private delaySecondsAfter(failures: number): number {
    const doublings = Math.max(0, failures - this.freeFailures);
    const ms = Math.min(this.maxDelayMs, this.firstDelayMs * 2 ** Math.min(doublings, 40));
    return Math.ceil(ms / 125) / 8;
  }

  private async refuseAddressOverLimit(addressKey: string): Promise<void> {
    const failures = await this.perAddress.get(addressKey);
    if (failures && failures.consumedPoints >= this.perAddress.points) throw new SignInThrottled(secondsUntil(failures));
  }

  // An address key never holds a space, so the key is unambiguous whatever the email holds.
  private keyOf(email: string, addressKey: string): string {
    return `${addressKey} ${email}`;
  }
}
