/**
 * A service's PostgreSQL database through TypeORM: `@shop/service-kit/database`, apart from the kit's
 * main entry so that a service without a database (the gateway, the storefront server) loads neither
 * TypeORM nor pg (~6 MB of heap each; docs/deploy.md#memory).
 */
import pg from 'pg';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Injectable, Module, Optional, type DynamicModule, type OnModuleInit } from '@nestjs/common';
import { DataSource, QueryFailedError, type DataSourceOptions, type Migration } from 'typeorm';
import { databaseNameOf, type ServiceConfig } from './config.js';
import { Readiness } from './health/readiness.js';
import { usePreparedStatements } from './prepared.js';

/** PostgreSQL's unique_violation: a unique index refused a duplicate. */
export const UNIQUE_VIOLATION = '23505';

/** A PostgreSQL error as pg reports it: its SQLSTATE code and, for a constraint, the constraint's name. */
interface PostgresError {
  code?: string;
  constraint?: string;
}

/**
 * Whether a query failed because a unique index refused a duplicate: the index named `constraint`, or
 * any when none is named. The database's answer to a race two checks-before-write cannot close.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const cause: PostgresError | undefined = error instanceof QueryFailedError ? (error.driverError as PostgresError) : undefined;
  return cause?.code === UNIQUE_VIOLATION && (constraint === undefined || cause.constraint === constraint);
}

/** The same server URL pointed at another database. */
export function withDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * Creates the service's own database on the server at `serverUrl` when it is
 * missing. Two processes racing to create it is harmless.
 */
export async function ensureDatabase(serverUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) {
      // Identifiers cannot be bound as parameters; the name is validated by the config schema.
      await client.query(`CREATE DATABASE "${database}"`).catch((error: PostgresError) => {
        // Created meanwhile by another process: PostgreSQL says so as "already exists" (42P04), or,
        // when both inserted into the catalog at once, as a unique violation on its name index.
        const createdMeanwhile = error.code === '42P04' || (error.code === UNIQUE_VIOLATION && error.constraint === 'pg_database_datname_index');
        if (!createdMeanwhile) throw error;
      });
    }
  } finally {
    await client.end();
  }
}

/**
 * Runs the data source's pending migrations, each in its own transaction, while holding a
 * PostgreSQL advisory lock of the database: replicas starting together migrate once, one after
 * the other (the later ones find nothing pending), instead of racing to create the same tables.
 * The lock is a session lock on a connection of its own, released however the migrations end.
 */
export async function runMigrationsOnce(dataSource: DataSource): Promise<Migration[]> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query(`SELECT pg_advisory_lock(hashtext('shop:migrations'))`);
    return await dataSource.runMigrations({ transaction: 'each' });
  } finally {
    await runner.query(`SELECT pg_advisory_unlock(hashtext('shop:migrations'))`).catch(() => undefined);
    await runner.release();
  }
}

/** The connection to the service's own database, which is created first when missing. */
async function dataSourceOptionsOf({ service, config, entities, migrations }: DatabaseOptions) {
  usePreparedStatements(config.DATABASE_PREPARED_STATEMENTS);
  const database = databaseNameOf(config, service);
  if (!config.DATABASE_NAME) await ensureDatabase(config.DATABASE_URL, database);
  return {
    type: 'postgres' as const,
    url: withDatabase(config.DATABASE_URL, database),
    entities,
    migrations,
    migrationsRun: false,
    migrationsTransactionMode: 'each' as const,
    synchronize: false,
    poolSize: config.DATABASE_POOL_SIZE,
    applicationName: `${config.INSTANCE_PREFIX}-${service}`,
  };
}

/**
 * Brings the service's database up to date and closes the connection: what `main.js migrate` does,
 * for a deployment that migrates in a Job or an init container before new replicas start. Answers
 * the names of the migrations it ran (none when another process had already run them).
 */
export async function migrateDatabase(options: Omit<DatabaseOptions, 'entities'>): Promise<string[]> {
  const dataSource = await new DataSource({ ...(await dataSourceOptionsOf({ ...options, entities: [] })), poolSize: 2 }).initialize();
  try {
    return (await runMigrationsOnce(dataSource)).map((migration) => migration.name);
  } finally {
    await dataSource.destroy();
  }
}

/** What a service declares about its database. */
export interface DatabaseOptions {
  service: string;
  config: ServiceConfig;
  entities: DataSourceOptions['entities'];
  migrations: DataSourceOptions['migrations'];
}

/**
 * The service's TypeORM connection: its own database, created if missing, and
 * its migrations run at start-up under a lock (`runMigrationsOnce`), so any
 * number of replicas can start at once. The schema is never synchronised from entities.
 */
export function databaseModule({ service, config, entities, migrations }: DatabaseOptions): DynamicModule {
  return { module: DatabaseModule, imports: [typeOrmModuleOf({ service, config, entities, migrations })], providers: [DatabaseReadiness] };
}

/** `/ready` asks the database for `SELECT 1` (when the app has HealthModule, which every service has). */
@Injectable()
class DatabaseReadiness implements OnModuleInit {
  constructor(
    private readonly dataSource: DataSource,
    @Optional() private readonly readiness?: Readiness,
  ) {}

  onModuleInit(): void {
    this.readiness?.register('database', async () => {
      await this.dataSource.query('SELECT 1');
    });
  }
}

@Module({})
class DatabaseModule {}

function typeOrmModuleOf({ service, config, entities, migrations }: DatabaseOptions): DynamicModule {
  return TypeOrmModule.forRootAsync({
    useFactory: async () => ({ ...(await dataSourceOptionsOf({ service, config, entities, migrations })), retryAttempts: 3, retryDelay: 1_000 }),
    dataSourceFactory: async (options) => {
      const dataSource = await new DataSource(options as DataSourceOptions).initialize();
      try {
        await runMigrationsOnce(dataSource);
      } catch (error) {
        await dataSource.destroy();
        throw error;
      }
      return dataSource;
    },
  });
}
