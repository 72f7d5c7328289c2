import { startTelemetry } from '@shop/telemetry';

// First, and the rest loaded after it: tracing patches http, undici and Nest as they load (docs/operations.md, "Traces").
await startTelemetry('gateway', { edge: true });
const { Logger } = await import('nestjs-pino');
const { openApiDocumentOf, runCommand } = await import('@shop/service-kit');
const { gatewaySettings, loadGatewayConfig } = await import('./config.js');

/**
 * `node dist/main.js` serves; `node dist/main.js check-settings` prints which settings the gateway
 * reads and what is wrong with the ones it is given (JSON; exit 1 when something is);
 * `node dist/main.js openapi` prints the OpenAPI document of the gateway's own API (the releases:
 * page reports and the admins' Releases page), touching nothing (libs/api-types generates from it).
 */
await runCommand(
  { name: 'gateway', settings: gatewaySettings, loadConfig: loadGatewayConfig },
  {
    serve: async (config) => {
      // Loaded only to serve: `check-settings` starts without the whole app.
      const { createGatewayApp } = await import('./gateway-app.js');
      const app = await createGatewayApp(config);
      if (config.REUSE_PORT) {
        await app.init();
        const server = app.getHttpServer() as import('node:http').Server;
        await new Promise<void>((resolve, reject) => {
          server.once('error', reject);
          server.listen({ port: config.PORT, host: config.HOST, reusePort: true }, resolve);
        });
      } else {
        await app.listen(config.PORT, config.HOST);
      }
      app.get(Logger).log(`gateway listening on http://${config.HOST}:${config.PORT}`, 'Bootstrap');
    },
    openapi: async (config) => {
      const { Global, Module } = await import('@nestjs/common');
      const { ShopMetrics } = await import('@shop/service-kit');
      const { GatewayConfigModule } = await import('./gateway-config.module.js');
      const { ReleasesModule } = await import('./releases/releases.module.js');
      const { UpstreamsModule } = await import('./proxy/upstreams.module.js');
      // The page reports count into the metrics, which the app has from HealthModule (its routes are not this API's).
      @Global()
      @Module({ providers: [ShopMetrics], exports: [ShopMetrics] })
      class MetricsModule {}
      @Module({ imports: [GatewayConfigModule.forRoot(config), MetricsModule, UpstreamsModule, ReleasesModule] })
      class GatewayApiModule {}
      const document = await openApiDocumentOf(GatewayApiModule, {
        title: 'Gateway',
        description: "The gateway's own API: what shoppers' pages report of the micro-frontends' builds, and the admins' releases",
      });
      process.stdout.write(`${JSON.stringify(document, null, 2)}\n`);
    },
  },
);
