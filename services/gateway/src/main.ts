import { startTelemetry } from '@shop/telemetry';

// First, and the rest loaded after it: tracing patches http, undici and Nest as they load (docs/operations.md, "Traces").
await startTelemetry('gateway', { edge: true });
const { Logger } = await import('nestjs-pino');
const { openApiDocumentOf, runCommand } = await import('@shop/service-kit');
const { gatewaySettings, loadGatewayConfig } = await import('./config.js');

/**
 * `node dist/main.js` serves; `node dist/main.js check-settings` prints which settings the gateway
 * reads and what is wrong with the ones it is given (JSON; exit 1 when something is);
 * `node dist/main.js openapi` prints the OpenAPI document of the gateway's own routes (the shop's health, the
 * API's documentation; the API itself is the services' and the storefront server's), touching nothing;
 * `node dist/main.js merged-openapi` reads the services' documents from standard input (one JSON object, by
 * service) and prints the merged document, exactly as GET /api/docs/openapi.json would answer it
 * (libs/api-types builds the shop's client types from it, tests/workspace lints it).
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
      process.stdout.write(`${JSON.stringify(await gatewayDocument(config), null, 2)}\n`);
    },
    'merged-openapi': async (config) => {
      // The services' documents as one JSON object on standard input, by service: { "catalog": {…}, "users": {…}, … }.
      const { mergeOpenApiDocuments } = await import('./api-docs/merge-openapi.js');
      const { UPSTREAMS } = await import('./upstreams.js');
      const chunks: Buffer[] = [];
      for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
      const documents = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, import('@nestjs/swagger').OpenAPIObject | undefined>;
      const merged = mergeOpenApiDocuments(
        UPSTREAMS.map((upstream) => ({ upstream, document: documents[upstream] })),
        await gatewayDocument(config),
      );
      process.stdout.write(`${JSON.stringify(merged, null, 2)}\n`);
    },
  },
);

/** The gateway's own routes' document, from the controllers the running gateway has, without serving or connecting. */
async function gatewayDocument(config: import('./config.js').GatewayConfig): Promise<import('@nestjs/swagger').OpenAPIObject> {
  const { Module } = await import('@nestjs/common');
  const { ApiDocsModule } = await import('./api-docs/api-docs.module.js');
  const { GATEWAY_API } = await import('./api-docs/gateway-api.js');
  const { GatewayConfigModule } = await import('./gateway-config.module.js');
  const { UpstreamHealthModule } = await import('./upstream-health/upstream-health.module.js');
  const { UpstreamsModule } = await import('./proxy/upstreams.module.js');
  @Module({ imports: [GatewayConfigModule.forRoot(config), UpstreamsModule, UpstreamHealthModule, ApiDocsModule] })
  class GatewayApiModule {}
  return openApiDocumentOf(GatewayApiModule, GATEWAY_API);
}
