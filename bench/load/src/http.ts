/**
 * The benchmarks' HTTP client: undici (what Node's fetch is built on, without fetch's overhead), one
 * connection pool per simulated person, optionally from a loopback address of its own so that each
 * shopper counts as its own client address, as shoppers do.
 */
import { Agent, request, type Dispatcher } from 'undici';
import { Recorder } from './stats.js';

export interface Answer<T = unknown> {
  status: number;
  body: T;
  headers: Record<string, string | string[] | undefined>;
  ms: number;
}

export interface CallOptions {
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
  /** The name the call is recorded under (default: method and path). */
  name?: string;
}

export class ShopClient {
  private readonly dispatcher: Dispatcher;

  constructor(
    readonly base: string,
    private readonly recorder?: Recorder,
    options: { localAddress?: string; connections?: number } = {},
  ) {
    this.dispatcher = new Agent({
      connections: options.connections ?? 4,
      localAddress: options.localAddress,
      // An answer may legitimately wait for an order's outcome for a few seconds.
      headersTimeout: 60_000,
      bodyTimeout: 60_000,
    });
  }

  /**
   * One call. Every answer is recorded (5xx count as errors); a network error is recorded as one and
   * answered as status 0, so that a load keeps going and the error shows in the figures.
   */
  async call<T = unknown>(method: string, path: string, options: CallOptions = {}): Promise<Answer<T>> {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const name = options.name ?? `${method} ${path}`;
    const started = performance.now();
    try {
      const answer = await request(`${this.base}${path}`, {
        method: method as Dispatcher.HttpMethod,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        dispatcher: this.dispatcher,
      });
      const text = await answer.body.text();
      const ms = performance.now() - started;
      this.recorder?.record(name, ms, answer.statusCode);
      let body: unknown = text;
      if (text && String(answer.headers['content-type'] ?? '').includes('json')) body = JSON.parse(text);
      return { status: answer.statusCode, body: body as T, headers: answer.headers, ms };
    } catch (error) {
      const ms = performance.now() - started;
      this.recorder?.record(name, ms, 0, String(error));
      return { status: 0, body: undefined as T, headers: {}, ms };
    }
  }

  /** Like `call`, but anything other than `expected` is thrown (for set-up steps). */
  async expect<T = unknown>(expected: number, method: string, path: string, options: CallOptions = {}): Promise<T> {
    const answer = await this.call<T>(method, path, options);
    if (answer.status !== expected) {
      throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`);
    }
    return answer.body;
  }

  close(): Promise<void> {
    return this.dispatcher.close();
  }
}

/** The n-th loopback address after 127.0.0.1 (127.0.0.2, 127.0.0.3, …): one client address per shopper. */
export function loopbackAddress(n: number): string {
  const value = n + 1;
  return `127.0.${Math.floor(value / 250)}.${(value % 250) + 2}`;
}
