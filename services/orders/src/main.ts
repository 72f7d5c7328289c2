import { runService } from '@shop/service-kit';
import { AppModule } from './app.module.js';
import { loadOrdersConfig } from './config.js';

await runService({
  name: 'orders',
  loadConfig: () => loadOrdersConfig(),
  module: (config) => AppModule.forRoot(config),
  description: { title: 'Orders', description: 'Orders priced by the server, the stock saga, PayPal payments and delivery' },
});
