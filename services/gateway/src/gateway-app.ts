import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import type { NestExpressApplication } from '@nestjs/platform-express';
import compression from 'compression';
import { Logger } from 'nestjs-pino';
import { answerParserErrors, createServiceApp, ErrorBodyFilter, serviceDocumentOf, shutDownGracefully, type LogDestination } from '@shop/service-kit';
import { ApiDocs } from './api-docs/api-docs.service.js';
import { GATEWAY_API } from './api-docs/gateway-api.js';
import { AppModule } from './app.module.js';
import type { GatewayConfig } from './config.js';
import { ClientConnections } from './edge/client-connections.js';
import { RequestPipeline } from './edge/request-pipeline.js';

/**
 * The gateway app, built the same way by main.ts and the tests. Unlike a
 * service's (configureServiceApp) it parses no bodies: proxied requests stream
 * through untouched, so uploads and body limits stay the services' business.
 * It trusts no proxy in front of it unless TRUST_PROXY says so.
 *
 * Its HTTP server hands every request to RequestPipeline (edge/request-pipeline.ts): framing checks,
 * request id and line, rate limit, then the proxy for the requests a service answers, and Nest for
 * the rest, the gateway's own routes. Those answers, of 1 KB or more, go out gzip- or
 * brotli-compressed when the browser accepts it (the shop's scripts shrink to about a third).
 * ClientConnections bounds what each client holds of the server (timeouts, connections per address).
 * `logs`: where the log lines go instead of stdout (tests).
 */
export async function createGatewayApp(config: GatewayConfig, logs?: LogDestination): Promise<NestExpressApplication> {
  const app = await createServiceApp(AppModule.forRoot(config, logs));
  app.useLogger(app.get(Logger));
  app.disable('x-powered-by');
  app.use(compression());
  app.useGlobalFilters(new ErrorBodyFilter());
  shutDownGracefully(app);
  // The gateway's own routes, documented from its controllers as a service's are: the merged document's first part.
  app.get(ApiDocs).describeGateway(serviceDocumentOf(app, GATEWAY_API));

  const server = app.getHttpServer() as Server;
  answerParserErrors(server);
  app.get(ClientConnections).limit(server);
  const nest = app.getHttpAdapter().getInstance() as RequestListener;
  const pipeline = app.get(RequestPipeline);
  if (!server.listeners('request').includes(nest)) throw new Error('gateway: the HTTP server does not hand its requests to express as expected');
  server.removeListener('request', nest);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => pipeline.handle(req, res, nest));
  return app;
}
