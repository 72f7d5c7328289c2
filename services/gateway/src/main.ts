import { startTelemetry } from '@shop/telemetry';

// First, and the rest loaded after it: tracing patches http, undici and Nest as they load (docs/operations.md, "Traces").
await startTelemetry('gateway', { edge: true });
const { Logger } = await import('nestjs-pino');
const { openApiDocumentOf, runCommand } = await import('@shop/service-kit');
const { gatewaySettings, loadGatewayConfig } = await import('./config.js');

/**
 * `node dist/main.js` serves; `node dist/main.js check-settings` prints which settings the gateway
 * reads and what is wrong with the ones it is given (JSON; exit 1 when something is);
 * `node dist/main.js openapi` prints the OpenAPI document of the gateway's own routes (its health and the
 * services'; the API itself is the services' and the storefront server's, merged at /api/docs), touching nothing.
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
      const { Module } = await import('@nestjs/common');
      const { GatewayConfigModule } = await import('./gateway-config.module.js');
      const { UpstreamHealthModule } = await import('./upstream-health/upstream-health.module.js');
      const { UpstreamsModule } = await import('./proxy/upstreams.module.js');
      @Module({ imports: [GatewayConfigModule.forRoot(config), UpstreamsModule, UpstreamHealthModule] })
      class GatewayApiModule {}
      const document = await openApiDocumentOf(GatewayApiModule, { title: 'Gateway', description: "The gateway's own routes: its health and the services'" });
      process.stdout.write(`${JSON.stringify(document, null, 2)}\n`);
    },
  },
);
