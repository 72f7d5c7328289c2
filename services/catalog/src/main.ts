import { runService } from '@shop/service-kit';
import { AppModule } from './app.module.js';
import { loadCatalogConfig } from './config.js';

await runService({
  name: 'catalog',
  loadConfig: () => loadCatalogConfig(),
  module: (config) => AppModule.forRoot(config),
  description: { title: 'Catalog', description: 'Products, reviews, ratings, stock and images' },
});
