import {
  ArgumentsHost,
  BadRequestException,
  Catch,
  HttpException,
  Logger,
  ValidationPipe,
  type ArgumentMetadata,
  type ExceptionFilter,
  type ValidationError,
} from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import type { ErrorBody } from '@shop/contracts';
import { bounded } from './input-safety.js';
import { shapeProblem } from './known-fields.js';

/**
 * The most express's own JSON parser takes where it is still used (tests, tools). The services
 * read bodies with the limit of each route (BodyLimit, 16 KB unless the route says otherwise).
 */
export const MAX_JSON_BODY = '1mb';

/** Most validation messages one answer lists, and the longest each may be: no answer grows with the input. */
export const MAX_VALIDATION_MESSAGES = 10;
export const MAX_VALIDATION_MESSAGE_LENGTH = 200;
/** Longest `message` any error answer carries. */
export const MAX_ERROR_MESSAGE_LENGTH = 2_048;

interface HttpLikeError {
  status?: number;
  statusCode?: number;
  type?: string;
  expose?: boolean;
  message?: string;
}

/** The message of an error raised by express's body parser or another http-errors user, if it is one. */
function clientErrorOf(error: unknown): { status: number; message: string } | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const e = error as HttpLikeError;
  switch (e.type) {
    case 'entity.parse.failed':
      return { status: 400, message: 'Malformed JSON in the request body' };
    case 'entity.too.large':
      return { status: 413, message: 'Request body is too large (1 MB at most)' };
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return { status: 415, message: 'Unsupported request body encoding' };
    default: {
      const status = e.status ?? e.statusCode;
      if (status && status >= 400 && status < 500 && e.expose !== false) {
        return { status, message: e.message || 'Bad request' };
      }
      return undefined;
    }
  }
}

/**
 * Express error middleware for what fails before Nest's router sees the request
 * (the JSON body parser): answers `{ message }` instead of an HTML page.
 */
export function bodyErrorHandler(error: unknown, _req: Request, res: Response, next: NextFunction): void {
  const clientError = clientErrorOf(error);
  if (!clientError) return next(error);
  res.status(clientError.status).json({ message: clientError.message } satisfies ErrorBody);
}

function messageOf(exception: HttpException): string {
  const response = exception.getResponse();
  if (typeof response === 'string') return response;
  const message = (response as { message?: unknown }).message;
  if (Array.isArray(message)) return message.join('; ');
  if (typeof message === 'string') return message;
  return exception.message;
}

export const DATABASE_UNAVAILABLE = 'The service cannot reach its database right now, please try again shortly';

/** PostgreSQL's SQLSTATE classes and codes that mean "the server is not there", not "the query is wrong". */
const UNAVAILABLE_SQLSTATES = /^(08|57P0[1-3]$|53300$)/;
const UNREACHABLE_SOCKET = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** node-postgres says a lost or unobtainable connection only in words. */
const LOST_CONNECTION = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended)/;

/**
 * Whether an error means the database could not be reached (connection refused, lost, timed out,
 * the server shutting down or starting up), as opposed to a query that failed on its own merits.
 * TypeORM wraps the driver's error in QueryFailedError (`driverError`).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 3; depth += 1) {
    const { code, message, driverError } = current as { code?: unknown; message?: unknown; driverError?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.test(code) || UNREACHABLE_SOCKET.has(code))) return true;
    if (typeof message === 'string' && LOST_CONNECTION.test(message)) return true;
    current = driverError;
  }
  return false;
}

/**
 * Every error of every service answers `{ "message": "..." }` with a fitting
 * status. Anything unexpected is logged with its stack and answers a plain 500:
 * no stack trace or driver text ever reaches a client. A database out of reach
 * answers 503 with Retry-After: the request did nothing and can be tried again.
 */
@Catch()
export class ErrorBodyFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    if (res.headersSent) return;
    let status = 500;
    let message = 'Internal server error';
    if (exception instanceof HttpException) {
      status = exception.getStatus();
      message = messageOf(exception);
    } else if (isDatabaseUnavailable(exception)) {
      // PostgreSQL restarting or out of reach: the request did nothing, and can be tried again shortly.
      status = 503;
      message = DATABASE_UNAVAILABLE;
      res.setHeader('Retry-After', '2');
    } else {
      const clientError = clientErrorOf(exception);
      if (clientError) {
        ({ status, message } = clientError);
      }
    }
    // An HttpException of 5xx (503 when a dependency is down) was raised on purpose: its message says it all.
    if (status >= 500 && exception instanceof HttpException) this.logger.warn(`${status} ${message}`);
    else if (message === DATABASE_UNAVAILABLE) this.logger.warn(`503 ${message}: ${exception instanceof Error ? exception.message : String(exception)}`);
    else if (status >= 500) this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    res.status(status).json({ message: bounded(message, MAX_ERROR_MESSAGE_LENGTH) } satisfies ErrorBody);
  }
}

function flatten(errors: ValidationError[], parent = ''): string[] {
  return errors.flatMap((error) => {
    const path = parent ? `${parent}.${error.property}` : error.property;
    // Nested messages get their path: "orderItems.0.quantity must be…", "orderItems.0.property x should not exist".
    const own = Object.values(error.constraints ?? {}).map((text) => (parent ? `${parent}.${text}` : text));
    return [...own, ...flatten(error.children ?? [], path)];
  });
}

/** The messages of a validation, joined: at most MAX_VALIDATION_MESSAGES, each cut to MAX_VALIDATION_MESSAGE_LENGTH. */
export function validationMessage(messages: string[]): string {
  if (messages.length === 0) return 'Invalid request';
  const shown = messages.slice(0, MAX_VALIDATION_MESSAGES).map((text) => bounded(text, MAX_VALIDATION_MESSAGE_LENGTH));
  const more = messages.length - shown.length;
  return shown.join('; ') + (more > 0 ? `; and ${more} more` : '');
}

/**
 * Nest's ValidationPipe, after a look for the first field the DTO does not declare: that one is
 * refused at once (400 `property x should not exist`), as is a value of over 1,000 fields and list
 * items, before class-transformer copies the value and class-validator walks it, both of which
 * cost far more per field (see known-fields.ts).
 */
class ShopValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.metatype && this.toValidate(metadata)) {
      const problem = shapeProblem(value, metadata.metatype);
      if (problem) throw new BadRequestException(problem);
    }
    return super.transform(value, metadata);
  }
}

/**
 * Validates every body, parameter and query against its DTO class; fields the
 * DTO does not declare are rejected, not silently dropped: the first one found
 * is named, alone. A refusal lists at most 10 bounded messages.
 */
export function validationPipe(): ValidationPipe {
  return new ShopValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => new BadRequestException(validationMessage(flatten(errors))),
  });
}
