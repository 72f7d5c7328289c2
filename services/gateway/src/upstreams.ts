import type { GatewayConfig } from './config.js';

/** The services behind the gateway: the API's three and the storefront server (pages, files, releases). */
export const UPSTREAMS = ['catalog', 'users', 'orders', 'storefront'] as const;

export type Upstream = (typeof UPSTREAMS)[number];

/** Each service's base addresses (one per replica), from the configuration. */
export function upstreamUrlsOf(config: Pick<GatewayConfig, 'CATALOG_URL' | 'USERS_URL' | 'ORDERS_URL' | 'STOREFRONT_URL'>): Record<Upstream, string[]> {
  return { catalog: config.CATALOG_URL, users: config.USERS_URL, orders: config.ORDERS_URL, storefront: config.STOREFRONT_URL };
}

/** Probes and documents wait no longer than this, nor longer than a proxied request would. */
const PROBE_TIMEOUT_MS = 3_000;

export function probeTimeoutOf(config: Pick<GatewayConfig, 'UPSTREAM_TIMEOUT_MS'>): number {
  return Math.min(PROBE_TIMEOUT_MS, config.UPSTREAM_TIMEOUT_MS);
}
