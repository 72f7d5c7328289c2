import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  Injectable,
  Module,
  RequestMethod,
  type DynamicModule,
  type MiddlewareConsumer,
  type NestMiddleware,
  type NestModule,
} from '@nestjs/common';
import { LoggerModule, PinoLogger } from 'nestjs-pino';
import { destination as pinoDestination, type DestinationStream, type Logger } from 'pino';

/** Where log lines can be sent instead of stdout (tests read them from one). */
export type LogDestination = DestinationStream;

/** The header that carries a request's id from the gateway to every service. */
export const REQUEST_ID_HEADER = 'x-request-id';

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** Requests whose answer is logged by no request line: the probes, asked every few seconds. */
const UNLOGGED_PATHS = new Set(['/health', '/ready']);

/**
 * The id of the request being handled, for every line logged while it is (pino's mixin reads it):
 * one context per request, and no child logger, whatever the level.
 */
const requestIds = new AsyncLocalStorage<string>();

/** pino's mixin: the request's id on every line written while a request is handled. */
const requestIdOfLine = (): { requestId?: string } => {
  const requestId = currentRequestId();
  return requestId === undefined ? {} : { requestId };
};

/**
 * The id of the request being handled, or of the request that set off the event being handled
 * (its correlation id): what the events recorded now carry on, and what lines logged now show.
 */
export function currentRequestId(): string | undefined {
  return requestIds.getStore();
}

/**
 * Runs `work` as part of the request `requestId` (an event's consumer runs its handler so): every line
 * it logs shows the id, every event it records carries it. No id: `work` runs as it is.
 */
export function withRequestId<T>(requestId: string | undefined, work: () => T): T {
  return requestId === undefined ? work() : requestIds.run(requestId, work);
}

/**
 * The request's id: the one its logs already gave it, else the gateway's when well-formed, else a
 * new one.
 */
export function requestIdOf(req: IncomingMessage): string {
  const assigned: unknown = req.id;
  if (typeof assigned === 'string') return assigned;
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * What the logs do for a request: at `info` (and below), one line when it is answered, with its id,
 * method, URL, status and time, as pino-http wrote it; above `info`, nothing at all per request. Lines
 * logged while it is handled carry its id through a per-request context, not a child logger.
 */
@Injectable()
export class RequestLogging {
  private readonly logger: Logger;

  constructor(pino: PinoLogger) {
    // The application's root logger (outside any request, PinoLogger gives the root).
    this.logger = pino.logger as Logger;
  }

  /** Writes the request's line once it is answered (or the client gave up), if the level takes it. */
  logWhenDone(req: IncomingMessage, res: ServerResponse, requestId: string): void {
    if (!this.logger.isLevelEnabled('info') || UNLOGGED_PATHS.has(req.url ?? '')) return;
    const startedAt = Date.now();
    // As it came: routers may rewrite req.url on the way.
    const request = { method: req.method, url: req.url };
    const done = () => {
      res.off('finish', done);
      res.off('close', done);
      const line = { requestId, req: request, res, responseTime: Date.now() - startedAt };
      if (res.statusCode >= 500) {
        this.logger.info({ ...line, err: { message: `failed with status code ${res.statusCode}` } }, 'request errored');
      } else {
        this.logger.info(line, !req.readableAborted && res.writableEnded ? 'request completed' : 'request aborted');
      }
    };
    res.on('finish', done);
    res.on('close', done);
  }
}

/** Gives every request of a service its id (answered in x-request-id), its request line and its log context. */
@Injectable()
export class RequestLoggingMiddleware implements NestMiddleware {
  constructor(private readonly logging: RequestLogging) {}

  use(req: IncomingMessage, res: ServerResponse, next: () => void): void {
    // An edge in front of Nest (the gateway's request pipeline) already gave it its id, header and line.
    if (typeof req.id === 'string') return withRequestId(req.id, next);
    const requestId = requestIdOf(req);
    req.id = requestId;
    res.setHeader(REQUEST_ID_HEADER, requestId);
    this.logging.logWhenDone(req, res, requestId);
    withRequestId(requestId, next);
  }
}

/** Global, so that its middleware comes before every module's own (Nest registers global modules' first). */
@Module({})
class ServiceLoggingModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(RequestLoggingMiddleware).forRoutes({ path: '{*path}', method: RequestMethod.ALL });
  }
}

/** How long a line may wait in the stdout buffer: lines reach the terminal or the collector within this. */
export const LOG_FLUSH_MS = 100;

/**
 * stdout through a buffer: pino's default writes each line with a system call of its own, one per
 * request at `info`, which under the order pipeline's load cost the services and the launcher reading
 * their pipes a few per cent of a core (docs/order-pipeline.md, issue 44). Lines are written once 8 KB
 * have gathered or every LOG_FLUSH_MS, and all of them when the process exits (pino flushes an
 * asynchronous destination on exit, also after an uncaught exception); only a process killed outright
 * (SIGKILL, the machine) loses what the last LOG_FLUSH_MS gathered.
 */
function bufferedStdout(): LogDestination {
  const stream = pinoDestination({ dest: 1, sync: false, minLength: 8192 });
  const timer = setInterval(() => {
    try {
      stream.flush();
    } catch {
      // Not open yet, or closing: the next tick or the exit flushes it.
    }
  }, LOG_FLUSH_MS);
  timer.unref();
  return stream;
}

/**
 * Structured JSON logs through pino (nestjs-pino's Logger for Nest). Every line written while a
 * request is handled carries its `requestId`; tokens and cookies never reach the log. Lines go to
 * stdout through a buffer (bufferedStdout), or to `destination` (tests).
 *
 * pino-http's middleware is not used: it builds two child loggers and serializes the request for
 * every request, even when the level drops the request line (about 10 µs and a tenth of the
 * gateway's CPU under load). RequestLogging does the same work for a fraction of it.
 */
export function loggingModule(service: string, level: string, destination: LogDestination = bufferedStdout()): DynamicModule {
  const options = {
    level,
    base: { service },
    mixin: requestIdOfLine,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    // The lines carry what these keep, whatever object is logged under `req` or `res`.
    wrapSerializers: false,
    serializers: {
      req: (req: { method?: string; url?: string }) => ({ method: req.method, url: req.url }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    autoLogging: false,
  };
  return {
    module: ServiceLoggingModule,
    global: true,
    imports: [
      // No routes: nestjs-pino's own middleware (pino-http's) is not mounted; RequestLoggingMiddleware is.
      LoggerModule.forRoot({ pinoHttp: [options, destination], forRoutes: [] }),
    ],
    providers: [RequestLogging, RequestLoggingMiddleware],
    exports: [RequestLogging],
  };
}
