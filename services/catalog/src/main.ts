import { startTelemetry } from '@shop/telemetry';

// First, and the rest loaded after it: tracing patches http, pg and Nest as they load (docs/operations.md, "Traces").
await startTelemetry('catalog');
const { runService } = await import('@shop/service-kit');
const { catalogSettings, loadCatalogConfig } = await import('./config.js');
const { catalogMigrations } = await import('./migrations/index.js');

await runService({
  name: 'catalog',
  settings: catalogSettings,
  loadConfig: loadCatalogConfig,
  migrations: catalogMigrations,
  // Loaded only to serve: `check-settings` and `migrate` start without the whole app.
  module: async (config) => (await import('./app.module.js')).AppModule.forRoot(config),
  description: {
    title: 'Catalog',
    description: 'Products, reviews, ratings, stock and images',
    tags: [
      { name: 'products', description: "The catalog's products: the shop's lists, search, facets and pages, and the admins' edits and stock view" },
      { name: 'reviews', description: "Shoppers' reviews of products, which make the products' ratings" },
      { name: 'uploads', description: "Product images: the admins' uploads and the images and resized copies the pages show" },
    ],
  },
});
