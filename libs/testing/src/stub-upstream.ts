import { createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as a stub service received it. */
export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** What a stub service answers to its API calls, by default an echo of the request. */
export type StubHandler = (req: IncomingMessage, res: ServerResponse, stub: StubUpstream) => void;

/** The echo a stub's default handler answers: enough to tell what reached which service. */
export interface Echo {
  upstream: string;
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  bodyLength: number;
  bodySha256: string;
}

export const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

/**
 * A tiny stand-in for a service: answers `/ready` and `/openapi.json` as
 * service-kit does, records every other request and echoes it (or answers as
 * the test says).
 */
export class StubUpstream {
  /** The API calls received by the default handler (not `/ready` nor `/openapi.json`). */
  readonly received: ReceivedRequest[] = [];
  /** What `/ready` answers. */
  readiness: { status: number; body: unknown };
  /** What `/openapi.json` answers; undefined: 404. */
  openApi?: unknown;
  /** How many times `/openapi.json` was asked for. */
  openApiRequests = 0;
  handler: StubHandler = echo;
  /** Paths the stub never answers (a hung service). */
  readonly silentOn = new Set<string>();

  private constructor(
    readonly name: string,
    private readonly server: Server,
  ) {
    this.readiness = { status: 200, body: { status: 'ok', service: name, checks: { database: 'ok', nats: 'ok' } } };
  }

  static async start(name: string): Promise<StubUpstream> {
    const server = createServer();
    const stub = new StubUpstream(name, server);
    server.on('request', (req, res) => stub.serve(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return stub;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private serve(req: IncomingMessage, res: ServerResponse): void {
    if (this.silentOn.has(req.url ?? '')) return;
    if (req.url === '/ready') return sendJson(res, this.readiness.status, this.readiness.body);
    if (req.url === '/openapi.json') {
      this.openApiRequests++;
      return this.openApi ? sendJson(res, 200, this.openApi) : sendJson(res, 404, { message: 'Not found' });
    }
    this.handler(req, res, this);
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const json = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(json) });
  res.end(json);
}

/** Reads the whole body, records the request, and echoes it; `x-stub-status` picks the status. */
export const echo: StubHandler = (req, res, stub) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const body = Buffer.concat(chunks);
    stub.received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
    const status = Number(req.headers['x-stub-status'] ?? 200);
    res.setHeader('x-stub-upstream', stub.name);
    sendJson(res, status, {
      upstream: stub.name,
      method: req.method ?? '',
      url: req.url ?? '',
      headers: req.headers,
      bodyLength: body.length,
      bodySha256: sha256(body),
    } satisfies Echo);
  });
};
