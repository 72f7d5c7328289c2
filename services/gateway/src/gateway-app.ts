import type { NestExpressApplication } from '@nestjs/platform-express';
import compression from 'compression';
import { Logger } from 'nestjs-pino';
import { createServiceApp, ErrorBodyFilter } from '@shop/service-kit';
import { AppModule } from './app.module.js';
import type { GatewayConfig } from './config.js';

/**
 * The gateway app, built the same way by main.ts and the tests. Unlike a
 * service's (configureServiceApp) it parses no bodies: proxied requests stream
 * through untouched, so uploads and body limits stay the services' business.
 * It trusts no proxy in front of it: the client address is the connection's.
 * Answers of 1 KB or more go out gzip- or brotli-compressed when the browser accepts it (the shop's
 * scripts shrink to about a third); a service's answer that is already encoded passes untouched.
 */
export async function createGatewayApp(config: GatewayConfig): Promise<NestExpressApplication> {
  const app = await createServiceApp(AppModule.forRoot(config));
  app.useLogger(app.get(Logger));
  app.disable('x-powered-by');
  app.use(compression());
  app.useGlobalFilters(new ErrorBodyFilter());
  app.enableShutdownHooks();
  return app;
}
