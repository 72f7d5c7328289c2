import { Logger } from 'nestjs-pino';
import { runCommand } from '@shop/service-kit';
import { gatewaySettings, loadGatewayConfig } from './config.js';

/**
 * `node dist/main.js` serves; `node dist/main.js check-settings` prints which settings the gateway
 * reads and what is wrong with the ones it is given (JSON; exit 1 when something is).
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
  },
);
