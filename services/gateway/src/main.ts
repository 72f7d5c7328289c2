import { Logger } from 'nestjs-pino';
import { openApiDocumentOf, runCommand } from '@shop/service-kit';
import { gatewaySettings, loadGatewayConfig } from './config.js';

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
      await app.listen(config.PORT, config.HOST);
      app.get(Logger).log(`gateway listening on http://${config.HOST}:${config.PORT}`, 'Bootstrap');
    },
    openapi: async (config) => {
      const { Module } = await import('@nestjs/common');
      const { GatewayConfigModule } = await import('./gateway-config.module.js');
      const { ReleasesModule } = await import('./releases/releases.module.js');
      const { UpstreamsModule } = await import('./proxy/upstreams.module.js');
      @Module({ imports: [GatewayConfigModule.forRoot(config), UpstreamsModule, ReleasesModule] })
      class GatewayApiModule {}
      const document = await openApiDocumentOf(GatewayApiModule, {
        title: 'Gateway',
        description: "The gateway's own API: what shoppers' pages report of the micro-frontends' builds, and the admins' releases",
      });
      process.stdout.write(`${JSON.stringify(document, null, 2)}\n`);
    },
  },
);
