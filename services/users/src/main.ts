import { runService } from '@shop/service-kit';
import { AppModule } from './app.module.js';
import { loadUsersConfig } from './config.js';

await runService({
  name: 'users',
  loadConfig: () => loadUsersConfig(),
  module: (config) => AppModule.forRoot(config),
  description: { title: 'Users', description: 'Accounts, sign-in, tokens and their public keys, roles' },
});
