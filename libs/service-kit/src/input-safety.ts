import { STATUS_CODES, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { NextFunction, Request, Response } from 'express';
import type { ErrorBody } from '@shop/contracts';
import { isRefusedConnection } from './http-framing.js';

/** Deepest nesting of arrays and objects a JSON body may have. */
export const MAX_JSON_DEPTH = 32;

/** An error the body parser forwards as a 400 with this message (body-parser honours `status` and `expose`). */
class BodyRefused extends Error {
  readonly status = 400;
  readonly statusCode = 400;
  readonly expose = true;
  readonly type = 'entity.verify.failed';
}

/**
 * `express.json({ verify })`: refuses a body nested deeper than MAX_JSON_DEPTH
 * before it is parsed, so nothing (the parser, the validator, a handler) ever
 * recurses through thousands of levels. One pass over the bytes, outside strings.
 */
export function refuseDeepJson(_req: unknown, _res: unknown, raw: Buffer): void {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < raw.length; i++) {
    const byte = raw[i];
    if (inString) {
      if (byte === 0x5c) i++; // a backslash escapes the next byte
      else if (byte === 0x22) inString = false;
    } else if (byte === 0x22) inString = true;
    else if (byte === 0x7b || byte === 0x5b) {
      if (++depth > MAX_JSON_DEPTH) throw new BodyRefused(`JSON nested too deeply (${MAX_JSON_DEPTH} levels at most)`);
    } else if (byte === 0x7d || byte === 0x5d) depth--;
  }
}

/**
 * Characters no text of the shop may hold: C0 controls and DEL (tab, line feed
 * and carriage return are allowed in bodies, where a review may span lines),
 * C1 controls, and UTF-16 surrogates that are not part of a pair (PostgreSQL's
 * jsonb and text refuse them, so they would fail deep inside a write).
 * No quantifier: one step per character, whatever the length.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const FORBIDDEN_IN_BODY = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// eslint-disable-next-line no-control-regex -- as above
const FORBIDDEN_IN_URL = /[\u0000-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Longest field path or name an answer repeats: a message never grows with the input. */
export const MAX_NAME_IN_MESSAGE = 64;

/** `text` cut to `max` characters (an ellipsis marks the cut), whole surrogate pairs kept. */
export function bounded(text: string, max = MAX_NAME_IN_MESSAGE): string {
  if (text.length <= max) return text;
  const cut = /[\uD800-\uDBFF]/.test(text.charAt(max - 2)) ? max - 2 : max - 1;
  return `${text.slice(0, cut)}…`;
}

const refusal = (where: string) => `${bounded(where)} must not contain control characters or broken unicode`;

/** Where a value sits in a body: its key and its parent's place, so that a path is built only for the one reported. */
interface Place {
  parent: Place | undefined;
  key: string;
}

function pathOf(place: Place | undefined): string {
  const keys: string[] = [];
  for (let at = place; at; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
}

/**
 * The path of the first string (key or value) in `value` holding a forbidden character, if any.
 * Iterative, one step per key and item: only strings and objects are visited, and the path is
 * put together only for the string reported.
 */
function badTextIn(value: unknown): string | undefined {
  const badText = (item: unknown) => typeof item === 'string' && FORBIDDEN_IN_BODY.test(item);
  if (badText(value)) return 'body';
  const pending: [object, Place | undefined][] = typeof value === 'object' && value !== null ? [[value, undefined]] : [];
  while (pending.length > 0) {
    const [item, place] = pending.pop()!;
    if (Array.isArray(item)) {
      for (let i = 0; i < item.length; i++) {
        const child: unknown = item[i];
        if (badText(child)) return pathOf({ parent: place, key: String(i) });
        if (typeof child === 'object' && child !== null) pending.push([child, { parent: place, key: String(i) }]);
      }
      continue;
    }
    for (const key of Object.keys(item)) {
      if (FORBIDDEN_IN_BODY.test(key)) return place ? `${pathOf(place)} (a field name)` : 'a field name';
      const child: unknown = (item as Record<string, unknown>)[key];
      if (badText(child)) return pathOf({ parent: place, key });
      if (typeof child === 'object' && child !== null) pending.push([child, { parent: place, key }]);
    }
  }
  return undefined;
}

/**
 * Refuses, with 400 and a message naming the field, any request whose path,
 * query or JSON body holds a control character or a lone surrogate (after
 * percent-decoding), or whose path cannot be decoded at all: such text is
 * never a name, an address or a search, and letting it through would fail
 * later with a 500 (NUL in PostgreSQL text, lone surrogates in jsonb).
 */
export function refuseBrokenText(req: Request, res: Response, next: NextFunction): void {
  const refuse = (message: string) => void res.status(400).json({ message } satisfies ErrorBody);
  const rawUrl = req.originalUrl ?? req.url;
  const queryAt = rawUrl.indexOf('?');
  const rawPath = queryAt === -1 ? rawUrl : rawUrl.slice(0, queryAt);
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    return refuse('Malformed URL encoding in the request path');
  }
  if (FORBIDDEN_IN_URL.test(path)) return refuse(refusal('The request path'));
  if (queryAt !== -1) {
    for (const part of rawUrl.slice(queryAt + 1).split('&')) {
      let decoded: string;
      try {
        decoded = decodeURIComponent(part.replace(/\+/g, ' '));
      } catch {
        return refuse('Malformed URL encoding in the query string');
      }
      if (FORBIDDEN_IN_URL.test(decoded)) return refuse(refusal(`query ${decoded.split('=')[0] || 'string'}`));
    }
  }
  const problem = bodyTextProblem(req.body);
  if (problem) return refuse(problem);
  next();
}

/** The 400 message for a parsed JSON body holding a forbidden character (the field named), if it does. */
export function bodyTextProblem(body: unknown): string | undefined {
  const bad = badTextIn(body);
  return bad === undefined ? undefined : refusal(bad);
}

/**
 * Answers what Node's HTTP parser refuses before any route sees it (a URL or
 * headers over its 16 KB limit: 431; a malformed request: 400) with the
 * shop's `{ message }` body, instead of Node's bare status line.
 *
 * When an answer to an earlier request of the connection is still under way
 * (pipelined requests, or bytes after `Connection: close`), nothing is written in
 * front of it, where the client would read it as that request's answer: it goes
 * out whole, then the connection closes. Nor is anything added to a connection
 * whose framing was refused (it is closing).
 */
export function answerParserErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (!socket.writable || error.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    const [status, message] =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request URL or headers are too large']
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'Request took too long to arrive']
          : [400, 'Malformed HTTP request'];
    const pending = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage;
    if (pending && !pending.writableFinished) {
      pending.shouldKeepAlive = false;
      if (!pending.headersSent && !pending.req.complete) {
        // The request being answered is the faulty one (its body broke off, was garbled or came too slowly): it gets the answer.
        const json = JSON.stringify({ message } satisfies ErrorBody);
        pending.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(json), connection: 'close' });
        pending.end(json);
      }
      pending.once('close', () => socket.end());
      return;
    }
    if (isRefusedConnection(socket)) {
      socket.end();
      return;
    }
    const body = JSON.stringify({ message } satisfies ErrorBody);
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
