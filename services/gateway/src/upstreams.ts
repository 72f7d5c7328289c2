import { REQUEST_ID_HEADER } from '@shop/service-kit';
import type { GatewayConfig } from './config.js';

/** The services behind the gateway. */
export const UPSTREAMS = ['catalog', 'users', 'orders'] as const;

export type Upstream = (typeof UPSTREAMS)[number];

/** Each service's base addresses (one per replica), from the configuration. */
export function upstreamUrlsOf(config: Pick<GatewayConfig, 'CATALOG_URL' | 'USERS_URL' | 'ORDERS_URL'>): Record<Upstream, string[]> {
  return { catalog: config.CATALOG_URL, users: config.USERS_URL, orders: config.ORDERS_URL };
}

/** Probes and documents wait no longer than this, nor longer than a proxied request would. */
const PROBE_TIMEOUT_MS = 3_000;

export function probeTimeoutOf(config: Pick<GatewayConfig, 'UPSTREAM_TIMEOUT_MS'>): number {
  return Math.min(PROBE_TIMEOUT_MS, config.UPSTREAM_TIMEOUT_MS);
}

/** What one of the gateway's own calls to a service (readiness, OpenAPI document) got back. */
export type UpstreamReply =
  | { answered: true; status: number; body: unknown }
  | { answered: false; reason: 'unreachable' | 'timed out' };

/**
 * GETs a JSON resource of a service, bounded in time. Never throws: a service
 * that does not answer, or answers something that is not JSON, is reported as such.
 */
export async function getFromUpstream(
  baseUrl: string,
  path: string,
  options: { timeoutMs: number; requestId?: string },
): Promise<UpstreamReply> {
  try {
    const response = await fetch(new URL(path, baseUrl), {
      headers: { accept: 'application/json', ...(options.requestId ? { [REQUEST_ID_HEADER]: options.requestId } : {}) },
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    return { answered: true, status: response.status, body };
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    return { answered: false, reason: timedOut ? 'timed out' : 'unreachable' };
  }
}
