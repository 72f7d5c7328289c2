import 'reflect-metadata';
import type { Server } from 'node:http';
import express from 'express';
import { ModuleRef, NestFactory } from '@nestjs/core';
import { serveTraced } from '@shop/telemetry';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { Logger } from 'nestjs-pino';
import type { DataSourceOptions } from 'typeorm';
import { SERVICE_CONFIG, type ServiceConfig } from './config.js';
import { runCommand } from './commands.js';
import { JsonBodyInterceptor } from './body-limits.js';
import { ErrorBodyFilter, MAX_ERROR_MESSAGE_LENGTH, validationPipe } from './errors.js';
import { refuseAmbiguousFraming } from './http-framing.js';
import { answerParserErrors, refuseBrokenText } from './input-safety.js';
import { applyServerLimits, type ServerTimeouts } from './server-limits.js';
import { GracefulShutdown } from './health/graceful-shutdown.js';
import { ShopMetrics, UNMATCHED_ROUTE } from './health/shop-metrics.js';

/** Where each service publishes its part of the shop's OpenAPI document. */
export const OPENAPI_PATH = '/openapi.json';

export interface AppDescription {
  title: string;
  description: string;
  /** The tags the service's operations use (`@ApiTags`), each with what it groups: the document lists them. */
  tags?: { name: string; description: string }[];
}

/**
 * The one schema of every error answer (`ErrorBody` of @shop/contracts, written by ErrorBodyFilter and
 * the gateway): a 4xx or 5xx response that names no body of its own has this one.
 */
export const ERROR_BODY_SCHEMA = {
  type: 'object',
  description: 'The body of every error answer of the shop: what went wrong, in words a person can read',
  required: ['message'],
  properties: {
    message: { type: 'string', maxLength: MAX_ERROR_MESSAGE_LENGTH, example: 'Not found' },
  },
} as const;

/** The service's OpenAPI document as Nest's swagger makes it from the controllers, with the error bodies named. */
export function serviceDocumentOf(app: NestExpressApplication, description: AppDescription): OpenAPIObject {
  return withErrorBodies(SwaggerModule.createDocument(app, documentConfigOf(description)));
}

/** Every 4xx and 5xx response without a body of its own answers `ErrorBody`, which the document's components hold. */
export function withErrorBodies(document: OpenAPIObject): OpenAPIObject {
  document.components = { ...document.components, schemas: { ...document.components?.schemas, ErrorBody: structuredClone(ERROR_BODY_SCHEMA) as never } };
  for (const item of Object.values(document.paths)) {
    for (const operation of Object.values(item as Record<string, { responses?: Record<string, { content?: unknown }> }>)) {
      for (const [status, response] of Object.entries(operation?.responses ?? {})) {
        if (/^[45]\d\d$/.test(status) && !response.content) {
          response.content = { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } };
        }
      }
    }
  }
  return document;
}

/**
 * Everything a service app needs around its routes, in one place so that the
 * process and the integration tests run the very same app: JSON bodies read up
 * to each route's limit (BodyLimit; 16 KB by default) nested at most 32 deep,
 * no control characters or broken unicode in any text, `{ message }` errors,
 * validation of every input (the first unknown field refused at once),
 * structured logs, the client address from the gateway, the HTTP server's
 * timeouts (SERVER_TIMEOUTS, or `server` for a test), and the service's
 * OpenAPI document.
 */
export function configureServiceApp(
  app: NestExpressApplication,
  description: AppDescription,
  options: {
    server?: Partial<ServerTimeouts>;
    /**
     * `per-route`: no body is read for every route (the storefront server, whose pages, files and plain
     * forms read their own; a JSON route then carries JsonBodyInterceptor itself), and paths and queries
     * are the routes' to judge (a page of a broken address is its 404, not the API's 400).
     */
    bodies?: 'json' | 'per-route';
  } = {},
): OpenAPIObject {
  app.useLogger(app.get(Logger));
  timeRequests(app);
  app.set('trust proxy', trustedProxiesOf(app));
  app.disable('x-powered-by');
  app.use(refuseAmbiguousFraming);
  if (options.bodies !== 'per-route') {
    // Path and query here; the body once read, by JsonBodyInterceptor with the route's limit.
    app.use(refuseBrokenText);
    app.useGlobalInterceptors(new JsonBodyInterceptor());
  }
  app.useGlobalPipes(validationPipe());
  app.useGlobalFilters(new ErrorBodyFilter());
  shutDownGracefully(app);
  applyServerLimits(app.getHttpServer(), options.server);
  answerParserErrors(app.getHttpServer());
  const document = serviceDocumentOf(app, description);
  const http = app.getHttpAdapter().getInstance() as express.Express;
  http.get(OPENAPI_PATH, (_req, res) => res.json(document));
  return document;
}

/** Where a handler names the route its request is counted under (`labelRoute`). */
const ROUTE_LABEL = Symbol('route label');

/**
 * Names the route a request is counted and traced under, for a handler whose Express route says too
 * little: a catch-all (`/{*path}`) that serves pages of many kinds. The label must come from a small,
 * fixed set (a route table's patterns, never the path itself), or the metric's series grow without bound.
 */
export function labelRoute(res: express.Response, route: string): void {
  (res.locals as Record<symbol, string>)[ROUTE_LABEL] = route;
}

/**
 * Times every request in ShopMetrics' histogram under its route's template (`/api/orders/:id`, as
 * Express matched it, or as its handler named it: `labelRoute`), so that a route is one series however
 * many ids it serves, and serves it under its server span when its trace is recorded.
 */
function timeRequests(app: NestExpressApplication): void {
  const metrics = optionalProvider(app, ShopMetrics);
  if (!metrics) return; // an app without HealthModule (a test's bare module)
  const routeOf = (req: express.Request, res: express.Response) =>
    (res.locals as Record<symbol, string | undefined>)[ROUTE_LABEL] ?? (req.route ? `${req.baseUrl}${String((req.route as { path: unknown }).path)}` : UNMATCHED_ROUTE);
  app.use((req: express.Request, res: express.Response, next: express.NextFunction) => {
    metrics.timeRequest(req, res, () => routeOf(req, res));
    // Under its server span when the gateway traces its request (docs/operations.md, "Traces").
    serveTraced(req, res, () => routeOf(req, res), next);
  });
}

function documentConfigOf(description: AppDescription) {
  const builder = new DocumentBuilder().setTitle(description.title).setDescription(description.description).addBearerAuth();
  for (const tag of description.tags ?? []) builder.addTag(tag.name, tag.description);
  return builder.build();
}

/**
 * The service's OpenAPI document without serving, connecting to or migrating anything: Nest's preview
 * mode reads the controllers' metadata without making a single provider. The front ends' request and
 * response types are generated from these documents at build (libs/api-types).
 */
export async function openApiDocumentOf(module: unknown, description: AppDescription): Promise<OpenAPIObject> {
  const app = await NestFactory.create<NestExpressApplication>(module as never, { preview: true, logger: false, bodyParser: false });
  try {
    return serviceDocumentOf(app, description);
  } finally {
    await app.close();
  }
}

/**
 * SIGTERM and SIGINT drain the app and close it (GracefulShutdown), after DRAIN_DELAY_MS of its
 * configuration; an app without HealthModule (a test's bare module) gets Nest's own shutdown hooks.
 */
export function shutDownGracefully(app: NestExpressApplication): void {
  const shutdown = optionalProvider(app, GracefulShutdown);
  if (!shutdown) {
    app.enableShutdownHooks();
    return;
  }
  const delayMs = optionalProvider<{ DRAIN_DELAY_MS?: number }>(app, SERVICE_CONFIG)?.DRAIN_DELAY_MS ?? 0;
  shutdown.listen(app, app.getHttpServer() as Server, delayMs);
}

/**
 * A provider of the app if it has one, else undefined: asked of its ModuleRef, since the app's own
 * `get` ends the process on a miss (Nest's abortOnError).
 */
function optionalProvider<T>(app: NestExpressApplication, token: (abstract new (...args: never[]) => T) | symbol): T | undefined {
  try {
    return app.get(ModuleRef).get<T>(token as never, { strict: false });
  } catch {
    return undefined;
  }
}

/** TRUST_PROXY of the service's configuration; loopback (the gateway on the same machine) for an app without one. */
function trustedProxiesOf(app: NestExpressApplication): string[] {
  return optionalProvider<{ TRUST_PROXY?: string[] }>(app, SERVICE_CONFIG)?.TRUST_PROXY ?? ['loopback'];
}

/** Creates a service app with Nest's own body parser off (each route's body is read with its own limit, see body-limits.ts). */
export async function createServiceApp(module: unknown): Promise<NestExpressApplication> {
  return NestFactory.create<NestExpressApplication>(module as never, { bufferLogs: true, bodyParser: false });
}

/**
 * The body of every service's `main.ts`, a command line of three commands:
 * - `node dist/main.js` reads the configuration (a bad one stops the process with the list of what
 *   is wrong), builds the app, migrates its database under a lock and serves;
 * - `node dist/main.js migrate` brings the database up to date and exits (a Kubernetes Job or init
 *   container runs it before new replicas start);
 * - `node dist/main.js check-settings` prints which settings the service reads and what is wrong with
 *   the ones it is given, as JSON, and exits 1 when something is (deployment files are checked with it);
 * - `node dist/main.js openapi` prints the service's OpenAPI document (JSON) and exits, touching nothing.
 */
export async function runService<C extends ServiceConfig & { PORT: number }>(options: {
  name: string;
  settings: Record<string, unknown>;
  loadConfig: (env?: Record<string, string | undefined>) => C;
  migrations: NonNullable<DataSourceOptions['migrations']>;
  module: (config: C) => Promise<unknown>;
  description: AppDescription;
}): Promise<void> {
  await runCommand(options, {
    serve: async (config) => {
      const app = await createServiceApp(await options.module(config));
      configureServiceApp(app, options.description);
      await app.listen(config.PORT, config.HOST);
      app.get(Logger).log(`${options.name} listening on http://${config.HOST}:${config.PORT}`, 'Bootstrap');
    },
    migrate: async (config) => {
      // Loaded here: a service without a database never loads TypeORM (database.ts).
      const { migrateDatabase } = await import('./database.js');
      const ran = await migrateDatabase({ service: options.name, config, migrations: options.migrations });
      process.stdout.write(`${options.name}: ${ran.length ? `ran ${ran.join(', ')}` : 'database up to date, nothing to run'}\n`);
    },
    openapi: async (config) => {
      const document = await openApiDocumentOf(await options.module(config), options.description);
      process.stdout.write(`${JSON.stringify(document, null, 2)}\n`);
    },
  });
}
