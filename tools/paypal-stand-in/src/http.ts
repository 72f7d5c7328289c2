/**
 * The little HTTP the stand-in needs on top of node:http: a request context
 * that reads bodies, replies as values (so handlers stay plain functions),
 * and a router of `METHOD /path/:param` routes.
 */
import type { IncomingMessage } from 'node:http';
import { PayPalError, invalidRequest } from './errors.js';
import { newDebugId } from './ids.js';

/** What a handler answers. */
export interface Reply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** A JSON answer; PayPal's `Paypal-Debug-Id` header repeats the body's `debug_id` when it has one. */
export function json(status: number, body: unknown): Reply {
  const debugId = (body as { debug_id?: unknown } | null)?.debug_id;
  return {
    status,
    headers: { 'content-type': 'application/json', ...(typeof debugId === 'string' ? { 'paypal-debug-id': debugId } : {}) },
    body: JSON.stringify(body),
  };
}

export const html = (status: number, page: string): Reply => ({ status, headers: { 'content-type': 'text/html; charset=utf-8' }, body: page });

export const javascript = (status: number, code: string): Reply => ({
  status,
  headers: { 'content-type': 'application/javascript; charset=utf-8', 'cache-control': 'no-store' },
  body: code,
});

export const seeOther = (location: string): Reply => ({ status: 303, headers: { location }, body: '' });

/** Bodies are small here; anything over this is refused. */
const BODY_LIMIT_BYTES = 1024 * 1024;

/** One request, as handlers see it. */
export class RequestContext {
  private body?: Promise<string>;

  constructor(
    private readonly request: IncomingMessage,
    /** The request's URL, absolute. */
    readonly url: URL,
    /** The values of the route's `:params`, in order. */
    readonly params: string[],
  ) {}

  /** The stand-in's address as the caller reached it, for links back to it. */
  get base(): string {
    return this.url.origin;
  }

  header(name: string): string | undefined {
    const value = this.request.headers[name.toLowerCase()];
    return Array.isArray(value) ? value.join(', ') : value;
  }

  /** The raw body (read once). */
  text(): Promise<string> {
    this.body ??= readBody(this.request);
    return this.body;
  }

  /** The JSON body; undefined when empty; PayPal's 400 MALFORMED_REQUEST_JSON when it does not parse. */
  async json(): Promise<unknown> {
    const text = await this.text();
    if (!text.trim()) return undefined;
    try {
      return JSON.parse(text);
    } catch {
      throw invalidRequest([{ issue: 'MALFORMED_REQUEST_JSON', field: '/' }]);
    }
  }
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size <= BODY_LIMIT_BYTES) chunks.push(chunk as Buffer);
  }
  if (size > BODY_LIMIT_BYTES) {
    throw new PayPalError(413, { name: 'REQUEST_ENTITY_TOO_LARGE', message: 'The request body is larger than 1 MB.', debug_id: newDebugId() });
  }
  return Buffer.concat(chunks).toString('utf8');
}

export type Handler = (context: RequestContext) => Reply | Promise<Reply>;

interface Route {
  method: string;
  pattern: RegExp;
  handler: Handler;
}

/** Where a request goes: a handler with its params, a known path with another method, or nowhere. */
export type Match = { handler: Handler; params: string[] } | 'method-not-allowed' | undefined;

export class Router {
  private readonly routes: Route[] = [];

  /** Adds a route; `path` may hold `:name` segments. */
  on(method: string, path: string, handler: Handler): this {
    const pattern = new RegExp(`^${path.replace(/:[a-z]+/gi, '([^/]+)')}$`);
    this.routes.push({ method, pattern, handler });
    return this;
  }

  match(method: string, pathname: string): Match {
    let pathKnown = false;
    for (const route of this.routes) {
      const found = route.pattern.exec(pathname);
      if (!found) continue;
      if (route.method === method) return { handler: route.handler, params: found.slice(1).map(decodeSegment) };
      pathKnown = true;
    }
    return pathKnown ? 'method-not-allowed' : undefined;
  }
}

/** A path segment decoded; a malformed escape stays as it is (and matches no id). */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
