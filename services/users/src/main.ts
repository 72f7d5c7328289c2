import { runService } from '@shop/service-kit';
import { usersSettings, loadUsersConfig } from './config.js';
import { usersMigrations } from './migrations/index.js';

await runService({
  name: 'users',
  settings: usersSettings,
  loadConfig: loadUsersConfig,
  migrations: usersMigrations,
  // Loaded only to serve: `check-settings` and `migrate` start without the whole app.
  module: async (config) => (await import('./app.module.js')).AppModule.forRoot(config),
  description: { title: 'Users', description: 'Accounts, sign-in, tokens and their public keys, roles' },
});
