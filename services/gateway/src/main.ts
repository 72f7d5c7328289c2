import { Logger } from 'nestjs-pino';
import { checkSettings, configOrExit } from '@shop/service-kit';
import { gatewaySettings, loadGatewayConfig } from './config.js';

/**
 * `node dist/main.js` serves; `node dist/main.js check-settings` prints which settings the gateway
 * reads and what is wrong with the ones it is given (JSON; exit 1 when something is).
 */
const part = { name: 'gateway', settings: gatewaySettings, loadConfig: loadGatewayConfig };
const command = process.argv[2] ?? 'serve';
if (command === 'check-settings') {
  checkSettings(part);
} else if (command !== 'serve') {
  process.stderr.write(`gateway: unknown command "${command}"; commands: serve (the default), check-settings\n`);
  process.exit(2);
} else {
  const config = configOrExit(part);
  // Loaded only to serve: `check-settings` starts without the whole app.
  const { createGatewayApp } = await import('./gateway-app.js');
  const app = await createGatewayApp(config);
  await app.listen(config.PORT, config.HOST);
  app.get(Logger).log(`gateway listening on http://${config.HOST}:${config.PORT}`, 'Bootstrap');
}
