import { Logger } from 'nestjs-pino';
import { ConfigError } from '@shop/service-kit';
import { loadGatewayConfig, type GatewayConfig } from './config.js';
import { createGatewayApp } from './gateway-app.js';

let config: GatewayConfig;
try {
  config = loadGatewayConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`gateway: ${error.message}\n`);
  process.exit(1);
}

const app = await createGatewayApp(config);
await app.listen(config.PORT, config.HOST);
app.get(Logger).log(`gateway listening on http://${config.HOST}:${config.PORT}`, 'Bootstrap');
