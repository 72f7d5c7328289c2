/**
 * The operator's way to change an admin's role, which no admin can do through
 * the API (the shop's admin screens keep admins' accounts out of reach):
 *
 *   node services/users/dist/cli/roles.js demote <email>
 *   node services/users/dist/cli/roles.js promote <email>
 *
 * with the users service's settings in the environment (DATABASE_URL,
 * INSTANCE_PREFIX, NATS_URL, …). The change ends the user's sessions, and
 * every service refuses their older tokens within seconds.
 */
import { NestFactory } from '@nestjs/core';
import { ConfigError } from '@shop/service-kit';
import { AppModule } from '../app.module.js';
import { loadUsersConfig } from '../config.js';
import { UsersService } from '../users/users.service.js';

const [action, email] = process.argv.slice(2);
if (!['demote', 'promote'].includes(action) || !email) {
  process.stderr.write('usage: roles.js demote|promote <email>\n');
  process.exit(2);
}

try {
  const config = loadUsersConfig();
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(config), { logger: ['error', 'warn'] });
  try {
    const user = await app.get(UsersService).setRole(email, action === 'promote');
    process.stdout.write(`${user.email} is ${user.isAdmin ? 'an admin' : 'a customer'} now; their sessions ended\n`);
  } finally {
    await app.close();
  }
} catch (error) {
  const message = error instanceof ConfigError ? error.message : error instanceof Error ? error.message : String(error);
  process.stderr.write(`roles: ${message}\n`);
  process.exit(1);
}
