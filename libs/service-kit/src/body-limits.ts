import {
  applyDecorators,
  BadRequestException,
  Injectable,
  PayloadTooLargeException,
  SetMetadata,
  UnsupportedMediaTypeException,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiPayloadTooLargeResponse } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { Observable } from 'rxjs';
import { bodyTextProblem, refuseDeepJson } from './input-safety.js';

/** The body limit of a route that declares none: a few small fields (an empty body, an admin's flag). */
export const DEFAULT_BODY_LIMIT = 16 * 1024;

/**
 * A body announced larger than this is answered 413 and the connection closed rather than drained:
 * no route of the shop takes anything near it (uploads are multipart and keep their own limits).
 */
export const DRAIN_CEILING = 1024 * 1024;

const BODY_LIMIT = 'shop:body-limit';

/** '4kb', '64 KB', '1mb', 512 (bytes) → bytes. */
export function bytesOf(size: string | number): number {
  if (typeof size === 'number') return size;
  const match = /^\s*(\d+)\s*(b|kb|mb)?\s*$/i.exec(size);
  if (!match) throw new Error(`Not a body size: ${size}`);
  const unit = (match[2] ?? 'b').toLowerCase();
  return Number(match[1]) * (unit === 'mb' ? 1024 * 1024 : unit === 'kb' ? 1024 : 1);
}

/** 4096 → '4 KB', as the 413 message and the OpenAPI document say it. */
export function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KB`;
  return `${bytes} bytes`;
}

export const tooLargeMessage = (limit: number) => `Request body is too large (${sizeText(limit)} at most)`;

/**
 * The largest JSON body a route (or every route of a controller) takes, e.g. `@BodyLimit('4kb')`
 * on sign-in. A route that declares none takes DEFAULT_BODY_LIMIT. A larger body answers 413
 * `{ message }` without being read any further; the limit is also written in the OpenAPI document.
 */
export function BodyLimit(size: string | number): MethodDecorator & ClassDecorator {
  const bytes = bytesOf(size);
  return applyDecorators(
    SetMetadata(BODY_LIMIT, bytes),
    ApiPayloadTooLargeResponse({ description: `The body is over ${sizeText(bytes)}` }),
  );
}

/** The route's declared limit (the method's, else its controller's), or the default. */
export function bodyLimitOf(reflector: Reflector, context: ExecutionContext): number {
  return reflector.getAllAndOverride<number | undefined>(BODY_LIMIT, [context.getHandler(), context.getClass()]) ?? DEFAULT_BODY_LIMIT;
}

/** Does the request carry a body? (HTTP/1.1: only with Content-Length or Transfer-Encoding.) */
const hasBody = (req: Request) => req.headers['transfer-encoding'] !== undefined || req.headers['content-length'] !== undefined;

const UNSUPPORTED_ENCODING = 'Unsupported request body encoding';
const MALFORMED = 'Malformed JSON in the request body';

/**
 * Parses a JSON body already read (at most the route's limit): nested at most MAX_JSON_DEPTH
 * (counted over the bytes before parsing), an object or an array at the top (an empty body is
 * `{}`), no control characters or broken unicode in any key or text. Each step is one pass over
 * the body. Throws the 400 to answer.
 */
export function parseJsonBody(raw: Buffer): unknown {
  try {
    refuseDeepJson(undefined, undefined, raw);
  } catch (error) {
    throw new BadRequestException((error as Error).message);
  }
  const text = raw.toString('utf8');
  const first = text.trimStart().charAt(0);
  if (first === '') return {};
  // As body-parser's strict mode: a body is an object or a list, never a bare value.
  if (first !== '{' && first !== '[') throw new BadRequestException(MALFORMED);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new BadRequestException(MALFORMED);
  }
  const problem = bodyTextProblem(body);
  if (problem) throw new BadRequestException(problem);
  return body;
}

/** Reads at most `limit` bytes of the request; rejects with 413 at the first byte past it, leaving the rest unread. */
function readAtMost(req: Request, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        done();
        // What is left is let through to nowhere (drained as it comes), so that the 413 is read
        // and the connection serves the next request; the request timeout bounds a body that never ends.
        req.resume();
        reject(new PayloadTooLargeException(tooLargeMessage(limit)));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      done();
      resolve(Buffer.concat(chunks, size));
    };
    const onError = (error: Error) => {
      done();
      reject(new BadRequestException(`The request body could not be read (${error.message.slice(0, 100)})`));
    };
    const onClose = () => {
      done();
      reject(new BadRequestException('The request body was cut short'));
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}

/**
 * Reads and parses the JSON body of `req` (application/json, UTF-8, not compressed), at most `limit`
 * bytes of it: a body announced larger answers 413 before a byte is read, one that grows larger
 * stops being kept at the limit. Other content types are left alone (multipart uploads have their
 * own reader and limits); a request that has been read already is left as it is.
 */
export async function readJsonBody(req: Request, res: Response, limit: number): Promise<void> {
  if (req.body !== undefined || req.readableEnded || !hasBody(req) || !req.is('application/json')) return;
  const encoding = (req.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(req.headers['content-type'] ?? '')?.[1]?.toLowerCase() ?? 'utf-8';
  // Nothing of the shop compresses what it sends up, and inflating would multiply what the limit lets in.
  if (encoding !== 'identity' || (charset !== 'utf-8' && charset !== 'utf8')) throw new UnsupportedMediaTypeException(UNSUPPORTED_ENCODING);
  const announced = req.headers['content-length'] === undefined ? undefined : Number(req.headers['content-length']);
  if (announced !== undefined && announced > limit) {
    // A body far over anything of the shop is not worth draining: the connection goes with the answer.
    if (announced > DRAIN_CEILING) res.setHeader('Connection', 'close');
    throw new PayloadTooLargeException(tooLargeMessage(limit));
  }
  req.body = parseJsonBody(await readAtMost(req, limit));
}

/**
 * Reads each request's JSON body with the limit of the route Nest chose for it, after the guards
 * (so a signed-in or admin route reads nothing of a caller without the right) and before the pipes
 * validate it. Why an interceptor rather than a parser in front of the router: the limit comes
 * from the very route that runs (no second route table to keep in step with the controllers), an
 * unknown path or a refused caller costs no body reading at all, and every route gets the same
 * treatment whichever module declares it.
 */
@Injectable()
export class JsonBodyInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector = new Reflector()) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    if (context.getType() === 'http') {
      const http = context.switchToHttp();
      await readJsonBody(http.getRequest<Request>(), http.getResponse<Response>(), bodyLimitOf(this.reflector, context));
    }
    return next.handle();
  }
}
