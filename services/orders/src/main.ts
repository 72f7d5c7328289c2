import { runService } from '@shop/service-kit';
import { ordersSettings, loadOrdersConfig } from './config.js';
import { ordersMigrations } from './migrations/index.js';

await runService({
  name: 'orders',
  settings: ordersSettings,
  loadConfig: loadOrdersConfig,
  migrations: ordersMigrations,
  // Loaded only to serve: `check-settings` and `migrate` start without the whole app.
  module: async (config) => (await import('./app.module.js')).AppModule.forRoot(config),
  description: { title: 'Orders', description: 'Orders priced by the server, the stock saga, PayPal payments and delivery' },
});
