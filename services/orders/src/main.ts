import { startTelemetry } from '@shop/telemetry';

// First, and the rest loaded after it: tracing patches http, pg and Nest as they load (docs/operations.md, "Traces").
await startTelemetry('orders');
const { runService } = await import('@shop/service-kit');
const { ordersSettings, loadOrdersConfig } = await import('./config.js');
const { ordersMigrations } = await import('./migrations/index.js');

await runService({
  name: 'orders',
  settings: ordersSettings,
  loadConfig: loadOrdersConfig,
  migrations: ordersMigrations,
  // Loaded only to serve: `check-settings` and `migrate` start without the whole app.
  module: async (config) => (await import('./app.module.js')).AppModule.forRoot(config),
  description: {
    title: 'Orders',
    description: 'Orders priced by the server, the stock saga, PayPal payments and delivery',
    tags: [
      { name: 'orders', description: "Orders: placing and paying them, the shopper's own, and the admins' list, dashboard, delivery, cancellations and refunds" },
      { name: 'config', description: 'What the browser needs to know to pay: the PayPal button settings' },
    ],
  },
});
