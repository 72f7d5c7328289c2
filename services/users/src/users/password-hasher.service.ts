import { randomBytes } from 'node:crypto';
import { Inject, Injectable, ServiceUnavailableException, type OnModuleInit } from '@nestjs/common';
import { argon2id, hash, needsRehash, verify } from 'argon2';
import pLimit from 'p-limit';
import { SERVICE_CONFIG } from '@shop/service-kit';
import type { UsersConfig } from '../config.js';

/**
 * argon2id with OWASP's parameters for interactive logins (Password Storage
 * Cheat Sheet): 19 MiB of memory, 2 passes, 1 lane. Hashes made with other
 * parameters (the library's defaults of earlier versions: 64 MiB, 3 passes,
 * 4 lanes) still verify, and are replaced on their owner's next sign-in.
 */
export const PASSWORD_HASH_OPTIONS = { type: argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const PASSWORD_CHECKS_BUSY = 'Too many people are signing in or up right now, please try again in a few seconds';

/** 503: the password queue is too long to wait in; the client may try again after `retryAfterSeconds`. */
export class PasswordChecksBusy extends ServiceUnavailableException {
  constructor(readonly retryAfterSeconds: number) {
    super(PASSWORD_CHECKS_BUSY);
  }
}

/** How long one piece of password work waited for its turn and then ran, in ms. */
export interface PasswordTiming {
  waitedMs: number;
  ranMs: number;
}

/** Told how long a request's password work waited and ran (the answer's `Server-Timing`). */
export type PasswordTimed = (timing: PasswordTiming) => void;

/** The `Server-Timing` header value of password work: the wait for a turn, then argon2 itself. */
export const serverTimingOf = ({ waitedMs, ranMs }: PasswordTiming): string =>
  `password-queue;dur=${waitedMs.toFixed(1)}, password-hash;dur=${ranMs.toFixed(1)}`;

/**
 * How much the latest run weighs in the running average of run times: about
 * the last twenty runs count, so that the first moments of a burst (when the
 * event loop is busiest taking requests in) do not decide alone.
 */
const AVERAGE_WEIGHT = 0.05;

/**
 * Hashes and checks passwords. A password never leaves this class except as its hash.
 *
 * argon2 runs on libuv's thread pool, off the event loop. Every hash and
 * check waits its turn in one first-in-first-out queue that runs at most
 * PASSWORD_HASH_CONCURRENCY at once, so a burst costs the other requests no
 * more than that many busy cores and that many times 19 MiB. A request whose
 * turn would come later than PASSWORD_HASH_MAX_WAIT_MS (estimated from the
 * queue's length and the average run time) is refused at once with
 * `PasswordChecksBusy`, instead of waiting past the gateway's patience.
 */
@Injectable()
export class PasswordHasher implements OnModuleInit {
  private readonly queue: pLimit.Limit;
  private readonly concurrency: number;
  private readonly maxWaitMs: number;
  /** Running average of how long one hash or check takes once started, in ms (measured from the first one on). */
  private averageRunMs: number | undefined;
  /** A hash of a random password, checked for unknown emails so that they take as long as a wrong password. */
  private dummyHash: string;

  constructor(@Inject(SERVICE_CONFIG) config: UsersConfig) {
    this.concurrency = config.PASSWORD_HASH_CONCURRENCY;
    this.maxWaitMs = config.PASSWORD_HASH_MAX_WAIT_MS;
    this.queue = pLimit(this.concurrency);
  }

  async onModuleInit(): Promise<void> {
    // Also the first measurement of the average run time, before any request arrives.
    this.dummyHash = await this.inTurn(() => hash(randomBytes(32).toString('base64url'), PASSWORD_HASH_OPTIONS));
  }

  /** A new hash of `password`; throws `PasswordChecksBusy` when the queue is too long to wait in. */
  hash(password: string, timed?: PasswordTimed): Promise<string> {
    return this.inTurn(() => hash(password, PASSWORD_HASH_OPTIONS), timed);
  }

  /**
   * A new hash of `password` when a place in the queue is free right now, for
   * work that can wait for a quieter moment (replacing an outdated hash);
   * `undefined` when others are waiting, so that such work never makes a
   * burst longer.
   */
  async hashIfIdle(password: string): Promise<string | undefined> {
    if (this.expectedWaitMs() > 0) return undefined;
    return this.hash(password);
  }

  /**
   * Whether `password` matches `passwordHash`. Without a hash (no such account)
   * it still runs one verification, against a dummy hash, and answers false.
   * Throws `PasswordChecksBusy` when the queue is too long to wait in.
   */
  async matches(passwordHash: string | undefined, password: string, timed?: PasswordTimed): Promise<boolean> {
    const matched = await this.inTurn(() => verify(passwordHash ?? this.dummyHash, password), timed);
    return passwordHash !== undefined && matched;
  }

  /** Whether a stored hash was made otherwise than new hashes are (older parameters), so it should be replaced. */
  isOutdated(passwordHash: string): boolean {
    return !passwordHash.startsWith('$argon2id$') || needsRehash(passwordHash, PASSWORD_HASH_OPTIONS);
  }

  /** How long a request arriving now would wait for its turn, in ms (0 while a place is free). */
  expectedWaitMs(): number {
    const ahead = this.queue.activeCount + this.queue.pendingCount;
    if (ahead < this.concurrency) return 0;
    return ((ahead - this.concurrency + 1) * (this.averageRunMs ?? 0)) / this.concurrency;
  }

  /** Runs `work` in the queue, or refuses at once when its turn would come too late. */
  private async inTurn<T>(work: () => Promise<T>, timed?: PasswordTimed): Promise<T> {
    const waitMs = this.expectedWaitMs();
    if (waitMs > this.maxWaitMs) throw new PasswordChecksBusy(Math.max(1, Math.ceil(waitMs / 1000)));
    const queued = performance.now();
    return this.queue(async () => {
      const started = performance.now();
      try {
        return await work();
      } finally {
        const ranMs = performance.now() - started;
        timed?.({ waitedMs: started - queued, ranMs });
        this.averageRunMs = this.averageRunMs === undefined ? ranMs : this.averageRunMs + AVERAGE_WEIGHT * (ranMs - this.averageRunMs);
      }
    });
  }
}
