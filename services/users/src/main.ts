import { startTelemetry } from '@shop/telemetry';

// First, and the rest loaded after it: tracing patches http, pg and Nest as they load (docs/operations.md, "Traces").
await startTelemetry('users');
const { runService } = await import('@shop/service-kit');
const { usersSettings, loadUsersConfig } = await import('./config.js');
const { usersMigrations } = await import('./migrations/index.js');

await runService({
  name: 'users',
  settings: usersSettings,
  loadConfig: loadUsersConfig,
  migrations: usersMigrations,
  // Loaded only to serve: `check-settings` and `migrate` start without the whole app.
  module: async (config) => (await import('./app.module.js')).AppModule.forRoot(config),
  description: {
    title: 'Users',
    description: 'Accounts, sign-in, tokens and their public keys, roles',
    tags: [
      { name: 'users', description: "Accounts: sign-up, sign-in and sign-out, the shopper's profile, password resets, and the admins' user list" },
      { name: 'keys', description: "The public keys the services check the users service's tokens with (not routed by the gateway)" },
    ],
  },
});
