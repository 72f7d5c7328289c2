import { RateLimiterMemory, RateLimiterPostgres, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { DataSource, MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The table the shared limiters count in (rate-limiter-flexible's layout, with a text key: an email
 * and an address together may exceed 255 characters).
 */
export class RateLimitTable1765200000000 implements MigrationInterface {
  name = 'RateLimitTable1765200000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE IF NOT EXISTS rate_limit (key text PRIMARY KEY, points integer NOT NULL DEFAULT 0, expire bigint)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE rate_limit`);
  }
}

export interface SharedLimitOptions {
  keyPrefix: string;
  points: number;
  /** Seconds. */
  duration: number;
}

/**
 * A limiter every replica of the service shares: it counts in the service's PostgreSQL database
 * (`rate_limit`, see RateLimitTable1765200000000), so N replicas allow the limit once, not N
 * times. Should the database not answer, each replica counts in its own memory meanwhile
 * (rate-limiter-flexible's insurance limiter) rather than refusing everyone or letting everyone
 * through. Expired rows are deleted every 5 minutes.
 */
export function sharedRateLimiter(dataSource: DataSource, options: SharedLimitOptions): RateLimiterAbstract {
  return new RateLimiterPostgres({
    ...options,
    storeClient: dataSource,
    storeType: 'typeorm',
    tableName: 'rate_limit',
    tableCreated: true,
    clearExpiredByTimeout: true,
    insuranceLimiter: new RateLimiterMemory(options),
  });
}
