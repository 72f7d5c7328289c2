import pg from 'pg';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { DynamicModule } from '@nestjs/common';
import type { DataSourceOptions } from 'typeorm';
import { databaseNameOf, type ServiceConfig } from './config.js';

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
      await client.query(`CREATE DATABASE "${database}"`).catch((error: { code?: string }) => {
        if (error.code !== '42P04') throw error; // created meanwhile by another process
      });
    }
  } finally {
    await client.end();
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
 * its migrations run at start-up. The schema is never synchronised from entities.
 */
export function databaseModule({ service, config, entities, migrations }: DatabaseOptions): DynamicModule {
  const database = databaseNameOf(config, service);
  return TypeOrmModule.forRootAsync({
    useFactory: async () => {
      if (!config.DATABASE_NAME) await ensureDatabase(config.DATABASE_URL, database);
      return {
        type: 'postgres' as const,
        url: withDatabase(config.DATABASE_URL, database),
        entities,
        migrations,
        migrationsRun: true,
        migrationsTransactionMode: 'each' as const,
        synchronize: false,
        poolSize: config.DATABASE_POOL_SIZE,
        applicationName: `${config.INSTANCE_PREFIX}-${service}`,
        retryAttempts: 3,
        retryDelay: 1_000,
      };
    },
  });
}
