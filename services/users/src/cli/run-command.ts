import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import { ConfigError } from '@shop/service-kit';
import { AppModule } from '../app.module.js';
import { loadUsersConfig } from '../config.js';

/**
 * Runs an operator command against the users service's database and stream, with the service's
 * settings from the environment: prints what `work` answers, or the problem and exits 1.
 */
export async function runCommand(name: string, work: (app: INestApplicationContext) => Promise<string>): Promise<void> {
  try {
    const config = loadUsersConfig();
    const app = await NestFactory.createApplicationContext(AppModule.forRoot(config), { logger: ['error', 'warn'] });
    try {
      process.stdout.write(`${await work(app)}\n`);
    } finally {
      await app.close();
    }
  } catch (error) {
    const message = error instanceof ConfigError ? error.message : error instanceof Error ? error.message : String(error);
    process.stderr.write(`${name}: ${message}\n`);
    process.exit(1);
  }
}
