import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LoggerModule } from 'nestjs-pino';
import type { DynamicModule } from '@nestjs/common';

/** The header that carries a request's id from the gateway to every service. */
export const REQUEST_ID_HEADER = 'x-request-id';

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** The request's id as the gateway set it, or a new one when there is none or it is malformed. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * Structured JSON logs through pino. Every line written while a request is
 * handled carries its `requestId`; tokens and cookies never reach the log.
 */
export function loggingModule(service: string, level: string): DynamicModule {
  return LoggerModule.forRoot({
    pinoHttp: {
      level,
      base: { service },
      genReqId: (req, res) => {
        const id = requestIdOf(req);
        res.setHeader(REQUEST_ID_HEADER, id);
        return id;
      },
      // quietReqLogger makes pino-http put the id on every line as `requestId` (customAttributeKeys alone does not).
      quietReqLogger: true,
      customAttributeKeys: { reqId: 'requestId' },
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      autoLogging: { ignore: (req) => req.url === '/health' || req.url === '/ready' },
      serializers: {
        req: (req: { id: string; method: string; url: string }) => ({ method: req.method, url: req.url }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    },
  });
}
