import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import { ConfigError, loadEnvironment } from '@shop/service-kit';
import { AppModule } from '../app.module.js';
import { loadUsersConfig } from '../config.js';

/**
 * Runs an operator command against the users service's database and stream, with the service's
 * settings from the environment (and its .env, as the service reads it): prints what `work` answers, or
 * the problem and exits 1.
 */
export async function runCommand(name: string, work: (app: INestApplicationContext) => Promise<string>): Promise<void> {
  loadEnvironment(name);
  try {
    const config = loadUsersConfig();
    // Errors only: an operator reads the command's answer, not the service's start-up notes (such as mail
    // being off without SMTP_URL, which concerns the running service).
    const app = await NestFactory.createApplicationContext(AppModule.forRoot(config), { logger: ['error'] });
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
