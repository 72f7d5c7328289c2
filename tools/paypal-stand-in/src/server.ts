/**
 * Starts a stand-in of PayPal on a local port: its REST API, its JS SDK, the
 * buyer's approval page and a few stand-in-only helpers, all state in memory.
 * Every answer allows any origin (CORS), since the shop's pages call it from
 * their own origin the way they call PayPal.
 */
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PayPalError, methodNotSupported, routeNotFound, serviceUnavailable } from './errors.js';
import { type Reply, RequestContext, Router, json } from './http.js';
import { newDebugId } from './ids.js';
import { type BuyerInput, buyerOf } from './orders/buyer.js';
import { OrderStore } from './orders/order-store.js';
import { fullOrder } from './orders/order-view.js';
import { checkoutPageRoutes } from './routes/checkout-page-routes.js';
import { oauthRoutes } from './routes/oauth-routes.js';
import { orderRoutes } from './routes/order-routes.js';
import { sdkRoutes } from './routes/sdk-routes.js';
import { standInRoutes } from './routes/stand-in-routes.js';
import type { StandInState } from './stand-in-state.js';
import { TokenStore } from './tokens.js';

/** The client id and secret the stand-in accepts unless told otherwise. */
export const DEFAULT_CLIENT_ID = 'sb-stand-in';
export const DEFAULT_CLIENT_SECRET = 'stand-in-secret';

export interface PayPalStandInOptions {
  /** 0 (the default) takes any free port. */
  port?: number;
  /** Defaults to 127.0.0.1. */
  host?: string;
  clientId?: string;
  clientSecret?: string;
  /** Told of every answered request, e.g. to log it. */
  onRequest?: (entry: RequestLogEntry) => void;
  /**
   * Whether POST /stand-in/orders answers: it makes an order directly in any state, a completed
   * capture included, without a token, which only tests may do. Off by default (404 then).
   */
  testEndpoints?: boolean;
}

export interface RequestLogEntry {
  method: string;
  /** The path and query. */
  url: string;
  status: number;
  durationMs: number;
  /** The stack of an unexpected failure (answered 500). */
  error?: string;
}

/**
 * A disruption a test asks for: the next `times` requests (1 by default) of `method` whose path
 * matches `path` answer `status` (PayPal's 503 SERVICE_UNAVAILABLE by default), or, with `delayMs`,
 * are carried out at once and answered only after that long (a slow PayPal: a caller that gives up
 * meanwhile never learns that the capture or refund was made).
 */
export interface Disruption {
  method: string;
  path: RegExp;
  times?: number;
  status?: number;
  delayMs?: number;
}

export interface PayPalStandIn {
  /** Where it listens, e.g. `http://127.0.0.1:3004`: the PAYPAL_API_BASE of the shop. */
  url: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
  /** For tests: the buyer approves the order, as in PayPal's window; answers the order as GET does. */
  approve(orderId: string, payer?: BuyerInput): Record<string, unknown>;
  /** For tests: PayPal down or slow for the next matching requests. */
  disrupt(disruption: Disruption): void;
}

/** Starts a stand-in and resolves once it listens. */
export async function startPayPalStandIn(options: PayPalStandInOptions = {}): Promise<PayPalStandIn> {
  const host = options.host ?? '127.0.0.1';
  const state: StandInState = {
    clientId: options.clientId ?? DEFAULT_CLIENT_ID,
    clientSecret: options.clientSecret ?? DEFAULT_CLIENT_SECRET,
    tokens: new TokenStore(),
    orders: new OrderStore(),
  };
  const router = new Router().on('GET', '/health', () => json(200, { status: 'ok' }));
  for (const routes of [oauthRoutes, orderRoutes, checkoutPageRoutes, sdkRoutes]) routes(router, state);
  standInRoutes(router, state, { testEndpoints: options.testEndpoints ?? false });

  const disruptions: Disruption[] = [];
  const server = createServer((request, response) => {
    // Only writing the answer can still fail here (the client went away): drop the connection.
    answer(router, request, response, options.onRequest, takeDisruption(disruptions, request)).catch(() => response.destroy());
  });
  server.listen(options.port ?? 0, host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${(server.address() as AddressInfo).port}`;

  return {
    url,
    clientId: state.clientId,
    clientSecret: state.clientSecret,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
    approve: (orderId, payer) => fullOrder(state.orders.approve(orderId, buyerOf(payer ?? {})), url),
    disrupt: (disruption) => disruptions.push({ times: 1, ...disruption }),
  };
}

/** The disruption this request meets, if any (each counts down its `times`). */
function takeDisruption(disruptions: Disruption[], request: IncomingMessage): Disruption | undefined {
  const path = (request.url ?? '/').split('?')[0];
  const index = disruptions.findIndex((d) => d.method === request.method && d.path.test(path));
  if (index < 0) return undefined;
  const disruption = disruptions[index];
  disruption.times = (disruption.times ?? 1) - 1;
  if (disruption.times <= 0) disruptions.splice(index, 1);
  return disruption;
}

async function answer(
  router: Router,
  request: IncomingMessage,
  response: ServerResponse,
  onRequest?: (entry: RequestLogEntry) => void,
  disruption?: Disruption,
) {
  const started = performance.now();
  const method = request.method ?? 'GET';
  let reply: Reply;
  let failure: string | undefined;
  try {
    if (disruption && !disruption.delayMs) throw serviceUnavailable(disruption.status ?? 503);
    reply = method === 'OPTIONS' ? preflight(request) : await route(router, request, method);
    // A slow PayPal does what it was asked at once and answers late: a caller that gave up meanwhile never hears of it.
    if (disruption?.delayMs) await new Promise((resolve) => setTimeout(resolve, disruption.delayMs));
  } catch (error) {
    if (error instanceof PayPalError) {
      reply = json(error.status, error.body);
    } else {
      failure = error instanceof Error ? (error.stack ?? error.message) : String(error);
      reply = json(500, { name: 'INTERNAL_SERVER_ERROR', message: 'An internal server error has occurred.', debug_id: newDebugId() });
    }
  }
  response.writeHead(reply.status, {
    'access-control-allow-origin': '*',
    'access-control-expose-headers': 'paypal-debug-id',
    'paypal-debug-id': newDebugId(),
    ...reply.headers,
  });
  response.end(reply.body);
  onRequest?.({
    method,
    url: request.url ?? '/',
    status: reply.status,
    durationMs: Math.round((performance.now() - started) * 10) / 10,
    ...(failure ? { error: failure } : {}),
  });
}

async function route(router: Router, request: IncomingMessage, method: string): Promise<Reply> {
  const url = requestUrl(request);
  const match = router.match(method, url.pathname);
  if (match === undefined) throw routeNotFound();
  if (match === 'method-not-allowed') throw methodNotSupported();
  return match.handler(new RequestContext(request, url, match.params));
}

/** The absolute URL of a request, on the host the caller named (links in answers point there). */
function requestUrl(request: IncomingMessage): URL {
  const path = request.url ?? '/';
  try {
    return new URL(path, `http://${request.headers.host ?? 'localhost'}`);
  } catch {
    return new URL(path, `http://${request.socket.localAddress ?? 'localhost'}:${request.socket.localPort}`);
  }
}

/** The answer to a CORS preflight: whatever the shop's page asks to send is allowed. */
function preflight(request: IncomingMessage): Reply {
  return {
    status: 204,
    headers: {
      'access-control-allow-methods': 'GET, POST, PATCH, OPTIONS',
      'access-control-allow-headers': request.headers['access-control-request-headers'] ?? 'Authorization, Content-Type, PayPal-Request-Id, Prefer',
      'access-control-max-age': '600',
    },
    body: '',
  };
}
