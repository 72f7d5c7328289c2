import { randomBytes } from 'node:crypto';
import { Inject, Injectable, ServiceUnavailableException, type OnModuleInit } from '@nestjs/common';
import { hash, parseOptions, verify, type Algorithm, type Options, type Version } from '@node-rs/argon2';
import { SERVICE_CONFIG, ShopMetrics } from '@shop/service-kit';
import type { UsersConfig } from '../config.js';
import { PasswordQueue } from './password-queue.js';

/** argon2id in @node-rs/argon2's `Algorithm`, and argon2's version 19 (0x13) in its `Version`: `const enum`s, which isolated modules cannot read. */
const ARGON2ID = 2 as Algorithm;
const ARGON2_VERSION_19 = 1 as Version;

/**
 * argon2id with OWASP's parameters for interactive logins (Password Storage
 * Cheat Sheet): 19 MiB of memory, 2 passes, 1 lane, a 32-byte hash and a
 * 16-byte random salt, written as a PHC string
 * (`$argon2id$v=19$m=19456,t=2,p=1$salt$hash`). Hashes made with other
 * parameters (the `argon2` library's defaults of earlier versions: 64 MiB,
 * 3 passes, 4 lanes) still verify, and are replaced on their owner's next
 * sign-in.
 */
export const PASSWORD_HASH_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1, outputLen: 32 } as const satisfies Options;

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

/** Whose password work it is, since when its request has waited, and who hears how long it took. */
export interface PasswordTurn {
  /**
   * The client it is done for: its address's key (`clientKeyOf`: an IPv6 client by its /64). Waiting
   * work is served client by client (`PasswordQueue`); work of no client (the admin seed) counts as one client.
   */
  client?: string;
  /** When the request arrived (`performance.now()`): what it waited before the queue counts against PASSWORD_HASH_MAX_WAIT_MS. */
  arrivedAt?: number;
  timed?: PasswordTimed;
}

/** The part of a turn the request brings: its arrival and its timing listener. */
export type RequestTiming = Pick<PasswordTurn, 'arrivedAt' | 'timed'>;

/**
 * How many of the latest runs the typical run time is the median of. A median, not a mean: when the
 * event loop stalls (a burst's requests being taken in all at once), the pieces running then all
 * look long together, which says little about the runs to come; a mean over twenty runs let a few
 * such stalls make a burst look several times longer than it was and refuse most of it with 503.
 */
const RUN_TIMES_KEPT = 31;

/**
 * Hashes and checks passwords. A password never leaves this class except as its hash.
 *
 * argon2 (@node-rs/argon2) runs on libuv's thread pool, off the event loop.
 * Every hash and check waits its turn in one queue that runs at most
 * PASSWORD_HASH_CONCURRENCY at once, so a burst costs the other requests no
 * more than that many busy cores and that many times 19 MiB; waiting work is
 * served client by client (`PasswordQueue`), so one address's burst delays
 * the others by one piece per turn. A request whose turn would come later
 * than PASSWORD_HASH_MAX_WAIT_MS (estimated from the work before it and the
 * typical run time) is refused at once with `PasswordChecksBusy`, instead of
 * waiting past the gateway's patience.
 */
@Injectable()
export class PasswordHasher implements OnModuleInit {
  private readonly queue: PasswordQueue;
  private readonly concurrency: number;
  private readonly maxWaitMs: number;
  /** How long the latest hashes and checks took once started, in ms, oldest first (at most RUN_TIMES_KEPT). */
  private readonly runTimes: number[] = [];
  /** Their median: how long one run typically takes. */
  private typicalRunMs = 0;
  /** A hash of a random password, checked for unknown emails so that they take as long as a wrong password. */
  private dummyHash: string;

  constructor(@Inject(SERVICE_CONFIG) config: UsersConfig, metrics: ShopMetrics) {
    this.concurrency = config.PASSWORD_HASH_CONCURRENCY;
    this.maxWaitMs = config.PASSWORD_HASH_MAX_WAIT_MS;
    this.queue = new PasswordQueue(this.concurrency);
    const queue = this.queue;
    metrics.gauge('shop_password_hash_queue_depth', 'Password hashes and checks waiting for a place in the worker pool', () =>
      Promise.resolve([{ value: queue.pendingCount }]),
    );
  }

  async onModuleInit(): Promise<void> {
    // Also the first measurement of the run time, before any request arrives.
    this.dummyHash = await this.inTurn(() => hash(randomBytes(32).toString('base64url'), PASSWORD_HASH_OPTIONS));
  }

  /** A new hash of `password`; throws `PasswordChecksBusy` when the queue is too long to wait in. */
  hash(password: string, turn: PasswordTurn = {}): Promise<string> {
    return this.inTurn(() => hash(password, PASSWORD_HASH_OPTIONS), turn);
  }

  /**
   * A new hash of `password` when a place in the queue is free right now, for
   * work that can wait for a quieter moment (replacing an outdated hash);
   * `undefined` when others are waiting, so that such work never makes a
   * burst longer.
   */
  async hashIfIdle(password: string, turn: PasswordTurn = {}): Promise<string | undefined> {
    if (this.queue.activeCount + this.queue.pendingCount >= this.concurrency) return undefined;
    return this.hash(password, turn);
  }

  /**
   * Whether `password` matches `passwordHash`. Without a hash (no such account)
   * it still runs one verification, against a dummy hash, and answers false.
   * Throws `PasswordChecksBusy` when the queue is too long to wait in.
   */
  async matches(passwordHash: string | undefined, password: string, turn: PasswordTurn = {}): Promise<boolean> {
    const matched = await this.inTurn(() => verify(passwordHash ?? this.dummyHash, password), turn);
    return passwordHash !== undefined && matched;
  }

  /** Whether a stored hash was made otherwise than new hashes are (older parameters, or not argon2id), so it should be replaced. */
  isOutdated(passwordHash: string): boolean {
    try {
      const made = parseOptions(passwordHash);
      return (
        made.algorithm !== PASSWORD_HASH_OPTIONS.algorithm ||
        made.version !== ARGON2_VERSION_19 ||
        made.memoryCost !== PASSWORD_HASH_OPTIONS.memoryCost ||
        made.timeCost !== PASSWORD_HASH_OPTIONS.timeCost ||
        made.parallelism !== PASSWORD_HASH_OPTIONS.parallelism ||
        made.outputLen !== PASSWORD_HASH_OPTIONS.outputLen
      );
    } catch {
      return true;
    }
  }

  /** Pieces of password work waiting for their turn now. */
  get waiting(): number {
    return this.queue.pendingCount;
  }

  /** How long work of `client` arriving now would wait for its turn, in ms (0 while a place is free). */
  expectedWaitMs(client = ''): number {
    const before = this.queue.activeCount + this.queue.waitingBefore(client);
    if (before < this.concurrency) return 0;
    return ((before - this.concurrency + 1) * this.typicalRunMs) / this.concurrency;
  }

  /**
   * Throws `PasswordChecksBusy` when work of this turn would have to wait for its turn and its
   * request would then have waited, since it arrived, longer than PASSWORD_HASH_MAX_WAIT_MS (what it
   * waited so far, plus the queue's expected wait). Work that can start at once is never refused.
   * Sign-up and sign-in ask before anything else, so a request that will be refused costs no
   * database work and counts against no limit; the work asks again when it is queued.
   */
  refuseIfBusy({ client = '', arrivedAt }: PasswordTurn = {}): void {
    const waitMs = this.expectedWaitMs(client);
    const waitedMs = arrivedAt === undefined ? 0 : performance.now() - arrivedAt;
    if (waitMs > 0 && waitedMs + waitMs > this.maxWaitMs) throw this.busy(client);
  }

  /**
   * Runs `work` in the queue, or refuses at once when its turn would come too late (`refuseIfBusy`).
   * A bound estimated is a bound kept: when the machine got slower than the estimate and the turn
   * comes after PASSWORD_HASH_MAX_WAIT_MS since the request arrived, the work is refused then rather
   * than run, so that no argon2 time goes to answers that would come after the gateway gave up.
   */
  private async inTurn<T>(work: () => Promise<T>, turn: PasswordTurn = {}): Promise<T> {
    const { client = '', arrivedAt, timed } = turn;
    this.refuseIfBusy(turn);
    const queued = performance.now();
    const waits = this.queue.activeCount >= this.concurrency;
    return this.queue.run(client, async () => {
      const started = performance.now();
      if (waits && arrivedAt !== undefined && started - arrivedAt > this.maxWaitMs) throw this.busy(client);
      try {
        return await work();
      } finally {
        const ranMs = performance.now() - started;
        timed?.({ waitedMs: started - queued, ranMs });
        this.recordRun(ranMs);
      }
    });
  }

  /** The 503 for a client, with Retry-After: its expected wait in the queue now, at least a second. */
  private busy(client: string): PasswordChecksBusy {
    return new PasswordChecksBusy(Math.max(1, Math.ceil(this.expectedWaitMs(client) / 1000)));
  }

  private recordRun(ranMs: number): void {
    this.runTimes.push(ranMs);
    if (this.runTimes.length > RUN_TIMES_KEPT) this.runTimes.shift();
    const sorted = this.runTimes.toSorted((a, b) => a - b);
    const middle = sorted.length >> 1;
    this.typicalRunMs = sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  }
}
