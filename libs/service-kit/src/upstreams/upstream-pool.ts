import type { IncomingHttpHeaders } from 'node:http';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Pool } from 'undici';
import { z } from 'zod';
import { REQUEST_ID_HEADER } from '../logging.js';
import { upstreamConnector } from './upstream-connector.js';
import { isRefusedRequest, isTimeout } from './upstream-failures.js';

/**
 * The services a process calls and their replicas' base addresses (a setting such as CATALOG_URL, one or
 * more URLs), and how long it waits for any of them: given by the service that uses UpstreamPool
 * (the gateway, the storefront server) as UPSTREAM_SERVICES.
 */
export interface UpstreamServices {
  urls: Readonly<Record<string, readonly string[]>>;
  timeoutMs: number;
}

export const UPSTREAM_SERVICES = Symbol('UPSTREAM_SERVICES');

/** A setting naming a service's address, or the addresses of its replicas separated by commas (CATALOG_URL…). */
export const serviceUrlSetting = (defaultUrl: string) =>
  z
    .string()
    .default(defaultUrl)
    .transform((value) => value.split(',').map((url) => url.trim()).filter(Boolean))
    .pipe(z.array(z.url({ protocol: /^https?$/, error: 'must be http(s) URLs separated by commas' })).min(1, 'must name at least one http(s) URL'));

/** One replica of a service: its connections, and what the caller knows of its state. */
export interface Replica {
  upstream: string;
  url: string;
  /**
   * Its kept-alive connections (undici): undici frames every request it sends itself (the body it
   * is given, with its own Content-Length or chunked), and destroys a connection whose answer does
   * not match its request (an answer nobody asked for, a malformed one) instead of reusing it.
   */
  connections: Pool;
  /** The service's base path, without its trailing slash: the request's path goes below it. */
  basePath: string;
  /** Its /ready said yes at the last probe (replicas of a service that has one only are not probed). */
  ready: boolean;
  /** A request to it failed to connect: it is passed over until then. */
  downUntil: number;
}

/** What one call of the caller's own to a service (readiness, OpenAPI document, a cached read) got back. */
export interface WholeAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** What a JSON resource of a service gave: its status and body, or why there was none. */
export type UpstreamReply =
  | { answered: true; status: number; body: unknown }
  | { answered: false; reason: 'unreachable' | 'timed out' };

/** The answer is larger than the caller takes. */
export class AnswerTooLarge extends Error {}

/** The service began to answer, then fell silent or dropped the connection. */
export class AnswerCutShort extends Error {}

/** How often replicas are asked whether they are ready, and how long one whose connection failed is passed over. */
const PROBE_EVERY_MS = 2_000;
const PROBE_TIMEOUT_MS = 1_000;
const DOWN_FOR_MS = 2_000;
/**
 * An idle connection to a service is closed after this (undici also honours a shorter `Keep-Alive:
 * timeout` the service announces, less a margin), before the service's own idle timeout (Node's
 * 5 s) closes it under a request being sent.
 */
const IDLE_CONNECTION_MS = 4_000;
/** The most of a JSON answer getJson and postJson read unless told otherwise (an OpenAPI document is the largest). */
const MAX_JSON_ANSWER_BYTES = 16 * 1024 * 1024;

/**
 * The replicas of each service a process calls (UPSTREAM_SERVICES: for the gateway CATALOG_URL, USERS_URL,
 * ORDERS_URL and STOREFRONT_URL, each listing one or more), their
 * connections, and the choice among them: round robin over the replicas that are ready and not passed
 * over, so a replica that is down or not ready gets no requests. A replica is passed over for 2 s after
 * a connection to it failed, and asked for /ready every 2 s (only services with several replicas:
 * with one there is no choice to make). When no replica looks usable, every one is tried all the same.
 *
 * Every call the gateway makes to a service goes through here (the proxy's, the API cache's, the readiness
 * probes, the health report, the API documents), and every call of the storefront server's (its reads of
 * the catalog, the sign-in form's, the admin checks of the Releases API).
 */
@Injectable()
export class UpstreamPool implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Upstreams');
  private readonly replicas: Record<string, Replica[]>;
  private readonly turn: Record<string, number>;
  private readonly upstreams: readonly string[];
  private timer?: NodeJS.Timeout;

  constructor(@Inject(UPSTREAM_SERVICES) { urls, timeoutMs }: UpstreamServices) {
    this.upstreams = Object.keys(urls);
    this.turn = Object.fromEntries(this.upstreams.map((upstream) => [upstream, 0]));
    this.replicas = Object.fromEntries(
      this.upstreams.map((upstream) => [
        upstream,
        urls[upstream].map((raw): Replica => {
          const url = new URL(raw);
          return {
            upstream,
            url: raw,
            connections: new Pool(url.origin, {
              keepAliveTimeout: IDLE_CONNECTION_MS,
              keepAliveMaxTimeout: IDLE_CONNECTION_MS,
              // Silence timeouts, not totals: waiting for the answer's head (undici restarts it while a
              // body is still being sent), and between two pieces of the answer's body.
              headersTimeout: timeoutMs,
              bodyTimeout: timeoutMs,
              // undici's connector with this timeout, its connections reading a service's answer past a
              // failed write of the body (the service answered early and closed: upstream-connector.ts).
              connect: upstreamConnector(timeoutMs),
              // A request whose body is not what its Content-Length says is an error, never sent as is.
              strictContentLength: true,
            }),
            basePath: url.pathname.replace(/\/$/, ''),
            ready: true,
            downUntil: 0,
          };
        }),
      ]),
    );
  }

  onApplicationBootstrap(): void {
    if (!this.upstreams.some((upstream) => this.replicas[upstream].length > 1)) return;
    this.timer = setInterval(() => void this.probe(), PROBE_EVERY_MS);
    this.timer.unref();
    void this.probe();
  }

  /** The gateway is stopping: its connections to the services go with it. */
  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await Promise.all(this.upstreams.flatMap((upstream) => this.replicas[upstream].map((replica) => replica.connections.destroy())));
  }

  /** Every replica of a service. */
  all(upstream: string): readonly Replica[] {
    return this.replicas[upstream] ?? [];
  }

  /** The replica the next request goes to, other than `avoid` when there is another. */
  pick(upstream: string, avoid?: Replica): Replica {
    const replicas = this.replicas[upstream];
    if (!replicas) throw new Error(`no service named ${upstream} among ${this.upstreams.join(', ')}`);
    if (replicas.length === 1) return replicas[0];
    const now = Date.now();
    const others = replicas.filter((replica) => replica !== avoid);
    const usable = others.filter((replica) => replica.ready && replica.downUntil <= now);
    const choice = usable.length > 0 ? usable : others.length > 0 ? others : replicas;
    this.turn[upstream] = (this.turn[upstream] + 1) % choice.length;
    return choice[this.turn[upstream]];
  }

  /** A connection to the replica failed: pass it over for a while (until a probe finds it ready). */
  failed(replica: Replica): void {
    if (this.replicas[replica.upstream].length === 1) return;
    replica.downUntil = Date.now() + DOWN_FOR_MS;
  }

  /**
   * GETs `path` (below the replica's base path) and reads the whole answer, at most `maxBytes` of it
   * (AnswerTooLarge beyond), each silence bounded by `timeoutMs`: sendWhole's GET.
   */
  getWhole(replica: Replica, path: string, options: { headers: IncomingHttpHeaders; timeoutMs: number; maxBytes: number }): Promise<WholeAnswer> {
    return this.sendWhole(replica, 'GET', path, options);
  }

  /**
   * Sends a request of the gateway's own to `path` (below the replica's base path), with `body` if
   * given, and reads the whole answer, at most `maxBytes` of it (AnswerTooLarge beyond), each silence
   * bounded by `timeoutMs`. A connection that fails before any answer rejects with undici's error, and
   * the replica is passed over unless it was only slow, or undici refused to send the request (a header
   * it will not write is the request's fault, not the replica's); an answer broken off rejects with
   * AnswerCutShort. Never retried on another replica: the caller decides (a POST may have been taken).
   */
  async sendWhole(
    replica: Replica,
    method: 'GET' | 'POST',
    path: string,
    options: { headers: IncomingHttpHeaders; body?: Buffer; timeoutMs: number; maxBytes: number },
  ): Promise<WholeAnswer> {
    let answer: Awaited<ReturnType<Pool['request']>>;
    try {
      answer = await replica.connections.request({
        path: replica.basePath + path,
        method,
        headers: options.headers,
        body: options.body,
        headersTimeout: options.timeoutMs,
        bodyTimeout: options.timeoutMs,
      });
    } catch (error) {
      if (!isTimeout(error) && !isRefusedRequest(error)) this.failed(replica);
      throw error;
    }
    const { statusCode, headers, body } = answer;
    if (Number(headers['content-length'] ?? 0) > options.maxBytes) {
      body.destroy();
      throw new AnswerTooLarge();
    }
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of body as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > options.maxBytes) {
          body.destroy();
          throw new AnswerTooLarge();
        }
        chunks.push(chunk);
      }
    } catch (error) {
      if (error instanceof AnswerTooLarge) throw error;
      throw new AnswerCutShort(error instanceof Error ? error.message : String(error));
    }
    return { status: statusCode, headers: headers as IncomingHttpHeaders, body: Buffer.concat(chunks) };
  }

  /**
   * GETs a JSON resource of a replica (readiness, OpenAPI document), bounded in time. Never throws:
   * a service that does not answer, or answers something that is not JSON, is reported as such.
   */
  getJson(replica: Replica, path: string, options: { timeoutMs: number; requestId?: string }): Promise<UpstreamReply> {
    const headers: IncomingHttpHeaders = { accept: 'application/json', ...(options.requestId ? { [REQUEST_ID_HEADER]: options.requestId } : {}) };
    return this.jsonReplyOf(this.sendWhole(replica, 'GET', path, { headers, timeoutMs: options.timeoutMs, maxBytes: MAX_JSON_ANSWER_BYTES }));
  }

  /**
   * POSTs `body` as JSON to a replica (a form's sign-in, on the shopper's behalf), bounded in time and
   * in the answer's size (`maxBytes`, 16 MB unless given). `headers` are the caller's (the forwarding
   * headers of the request it stands for): whatever of them describes a body of theirs (`content-*`)
   * is replaced by this body's own, and the answer is asked for as uncompressed JSON. Never throws, as
   * getJson; never retried on another replica (the service may have taken the request).
   */
  postJson(replica: Replica, path: string, body: unknown, options: { headers?: IncomingHttpHeaders; timeoutMs: number; maxBytes?: number }): Promise<UpstreamReply> {
    const json = Buffer.from(JSON.stringify(body));
    const headers: IncomingHttpHeaders = {};
    for (const name in options.headers) if (!name.startsWith('content-')) headers[name] = options.headers[name];
    Object.assign(headers, { 'content-type': 'application/json', 'content-length': String(json.length), accept: 'application/json', 'accept-encoding': 'identity' });
    return this.jsonReplyOf(this.sendWhole(replica, 'POST', path, { headers, body: json, timeoutMs: options.timeoutMs, maxBytes: options.maxBytes ?? MAX_JSON_ANSWER_BYTES }));
  }

  /** A JSON answer as an UpstreamReply: its status and parsed body (undefined when not JSON), or why there was none. */
  private async jsonReplyOf(sent: Promise<WholeAnswer>): Promise<UpstreamReply> {
    let answer: WholeAnswer;
    try {
      answer = await sent;
    } catch (error) {
      return { answered: false, reason: isTimeout(error) ? 'timed out' : 'unreachable' };
    }
    let body: unknown;
    try {
      body = JSON.parse(answer.body.toString('utf8'));
    } catch {
      body = undefined;
    }
    return { answered: true, status: answer.status, body };
  }

  private async probe(): Promise<void> {
    await Promise.all(
      this.upstreams.filter((upstream) => this.replicas[upstream].length > 1).flatMap((upstream) =>
        this.replicas[upstream].map(async (replica) => {
          const reply = await this.getJson(replica, '/ready', { timeoutMs: PROBE_TIMEOUT_MS });
          const ready = reply.answered && reply.status === 200;
          if (ready !== replica.ready) this.logger.log(`${upstream} at ${replica.url} is ${ready ? 'ready again' : 'not ready: passed over'}`);
          replica.ready = ready;
          if (ready) replica.downUntil = 0;
        }),
      ),
    );
  }
}
