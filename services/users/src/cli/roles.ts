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
import { UsersService } from '../users/users.service.js';
import { runCommand } from './run-command.js';

const [action, email] = process.argv.slice(2);
if (!['demote', 'promote'].includes(action) || !email) {
  process.stderr.write('usage: roles.js demote|promote <email>\n');
  process.exit(2);
}

await runCommand('roles', async (app) => {
  const user = await app.get(UsersService).setRole(email, action === 'promote');
  return `${user.email} is ${user.isAdmin ? 'an admin' : 'a customer'} now; their sessions ended`;
});
