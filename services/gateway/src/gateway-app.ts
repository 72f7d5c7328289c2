import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import type { NestExpressApplication } from '@nestjs/platform-express';
import compression from 'compression';
import { Logger } from 'nestjs-pino';
import { answerParserErrors, createServiceApp, ErrorBodyFilter, type LogDestination } from '@shop/service-kit';
import { AppModule } from './app.module.js';
import type { GatewayConfig } from './config.js';
import { ProxiedRequestHandler } from './proxy/proxied-request.handler.js';

/**
 * The gateway app, built the same way by main.ts and the tests. Unlike a
 * service's (configureServiceApp) it parses no bodies: proxied requests stream
 * through untouched, so uploads and body limits stay the services' business.
 * It trusts no proxy in front of it: the client address is the connection's.
 *
 * Its HTTP server hands every request to ProxiedRequestHandler first: the requests a service
 * answers are proxied there, without Nest (express, its router and middleware chain cost more
 * than the proxying itself); the rest go on to Nest, the gateway's own routes. Those answers, of
 * 1 KB or more, go out gzip- or brotli-compressed when the browser accepts it (the shop's scripts
 * shrink to about a third). `logs`: where the log lines go instead of stdout (tests).
 */
export async function createGatewayApp(config: GatewayConfig, logs?: LogDestination): Promise<NestExpressApplication> {
  const app = await createServiceApp(AppModule.forRoot(config, logs));
  app.useLogger(app.get(Logger));
  app.disable('x-powered-by');
  app.use(compression());
  app.useGlobalFilters(new ErrorBodyFilter());
  app.enableShutdownHooks();

  const server = app.getHttpServer() as Server;
  answerParserErrors(server);
  const nest = app.getHttpAdapter().getInstance() as RequestListener;
  const proxied = app.get(ProxiedRequestHandler);
  if (!server.listeners('request').includes(nest)) throw new Error('gateway: the HTTP server does not hand its requests to express as expected');
  server.removeListener('request', nest);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (!proxied.handle(req, res)) nest(req, res);
  });
  return app;
}
