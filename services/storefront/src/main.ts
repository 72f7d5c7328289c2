import { startTelemetry } from '@shop/telemetry';

// First, and the rest loaded after it: tracing patches http, undici and Nest as they load (docs/operations.md, "Traces").
await startTelemetry('storefront');
const { Logger } = await import('nestjs-pino');
const { openApiDocumentOf, runCommand } = await import('@shop/service-kit');
const { loadStorefrontConfig, storefrontSettings } = await import('./config.js');

/**
 * `node dist/main.js` serves; `node dist/main.js check-settings` prints which settings the storefront
 * server reads and what is wrong with the ones it is given (JSON; exit 1 when something is);
 * `node dist/main.js openapi` prints the OpenAPI document of its API (the page reports and the admins'
 * Releases page), touching nothing (libs/api-types generates from it).
 */
await runCommand(
  { name: 'storefront', settings: storefrontSettings, loadConfig: loadStorefrontConfig },
  {
    serve: async (config) => {
      // Loaded only to serve: `check-settings` starts without the whole app.
      const { createStorefrontApp } = await import('./storefront-app.js');
      const app = await createStorefrontApp(config);
      await app.listen(config.PORT, config.HOST);
      app.get(Logger).log(`storefront listening on http://${config.HOST}:${config.PORT}`, 'Bootstrap');
    },
    openapi: async (config) => {
      const { Global, Module } = await import('@nestjs/common');
      const { ShopMetrics } = await import('@shop/service-kit');
      const { StorefrontCoreModule } = await import('./app.module.js');
      const { ReleasesModule } = await import('./releases/releases.module.js');
      // The page reports count into the metrics, which the app has from HealthModule (its routes are not this API's).
      @Global()
      @Module({ providers: [ShopMetrics], exports: [ShopMetrics] })
      class MetricsModule {}
      @Module({ imports: [StorefrontCoreModule.forRoot(config), MetricsModule, ReleasesModule] })
      class StorefrontApiModule {}
      const { STOREFRONT_API } = await import('./storefront-app.js');
      const document = await openApiDocumentOf(StorefrontApiModule, STOREFRONT_API);
      process.stdout.write(`${JSON.stringify(document, null, 2)}\n`);
    },
  },
);
