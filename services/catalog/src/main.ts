import { runService } from '@shop/service-kit';
import { catalogSettings, loadCatalogConfig } from './config.js';
import { catalogMigrations } from './migrations/index.js';

await runService({
  name: 'catalog',
  settings: catalogSettings,
  loadConfig: loadCatalogConfig,
  migrations: catalogMigrations,
  // Loaded only to serve: `check-settings` and `migrate` start without the whole app.
  module: async (config) => (await import('./app.module.js')).AppModule.forRoot(config),
  description: { title: 'Catalog', description: 'Products, reviews, ratings, stock and images' },
});
