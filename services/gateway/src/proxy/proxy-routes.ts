import type { Upstream } from '../upstreams.js';

/** A path the gateway hands to a service, as it is: method, path, query, headers and body. */
export interface ProxyRoute {
  path: string;
  upstream: Upstream;
  /**
   * Also every path below it (`/api/products/{id}`), matched on whole segments:
   * `/api/productsX` is not below `/api/products`. Without, only the path itself
   * (with or without a trailing slash, as the services' router takes both).
   */
  withSubpaths: boolean;
  /**
   * Anonymous GETs may be answered from the gateway's shared cache, for as long as the service's
   * Cache-Control allows a shared cache to (see api-cache/). Only for public data.
   */
  sharedCache?: boolean;
}

/** Which service answers which path: the one place that says so. */
export const PROXY_ROUTES: readonly ProxyRoute[] = [
  { path: '/api/products', upstream: 'catalog', withSubpaths: true, sharedCache: true },
  { path: '/api/upload', upstream: 'catalog', withSubpaths: false },
  { path: '/uploads', upstream: 'catalog', withSubpaths: true },
  { path: '/api/users', upstream: 'users', withSubpaths: true },
  { path: '/api/orders', upstream: 'orders', withSubpaths: true },
  { path: '/api/config/paypal', upstream: 'orders', withSubpaths: false },
  { path: '/api/page-reports', upstream: 'storefront', withSubpaths: false },
  { path: '/api/releases', upstream: 'storefront', withSubpaths: true },
];

/**
 * Every path outside /api that no route above names goes to the storefront server (services/storefront):
 * the pages, the shell's and the remotes' files, /mf/remotes.json, the sitemap and robots, the plain
 * forms. Except the gateway's own probes, and the storefront server's (its /metrics, /health, /ready and
 * /openapi.json are for the cluster, not for the internet: the gateway answers them itself, 404 for two).
 */
export const STOREFRONT_ROUTE: ProxyRoute = { path: '/', upstream: 'storefront', withSubpaths: true };
const GATEWAY_OWN = new Set(['/health', '/ready', '/metrics', '/openapi.json']);

/** Each route with the prefix of the paths below it, made once (this runs for every request). */
const MATCHERS = PROXY_ROUTES.map((route) => ({ route, slashed: `${route.path}/` }));

/** The route a request path (without its query) belongs to, if a service answers it. */
export function proxyRouteFor(path: string): ProxyRoute | undefined {
  for (const { route, slashed } of MATCHERS) {
    if (path === route.path || (route.withSubpaths ? path.startsWith(slashed) : path === slashed)) return route;
  }
  if (path === '/api' || path.startsWith('/api/') || GATEWAY_OWN.has(path)) return undefined;
  return STOREFRONT_ROUTE;
}

/** The path of a request URL, without its query. */
export function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}
