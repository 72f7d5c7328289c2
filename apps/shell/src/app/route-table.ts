/**
 * The route table of spec section 2: each route names the remote that owns the screen and the
 * page module that remote exposes (docs/micro-frontends.md lists them all). Plain data with no
 * React in it, so the entry chunk can find the first page's remote before React has downloaded.
 */
import { matchRoutePattern } from '@shop/contracts';
import type { RemotePage } from '../remotes.js';
import routeTable from './routes.json' with { type: 'json' };

export interface ShopRoute extends RemotePage {
  /** A react-router path pattern: `:name` is a segment, `:name?` an optional one. */
  path: string;
  /**
   * The page's heading (and title), for a page the server leaves to the browser (its content lives in the
   * browser: the cart): the server renders it in the page's placeholder, so the page's first paint shows
   * what the page is while its remote's code arrives (docs/ssr.md, "Pages the server cannot fill").
   */
  heading?: string;
}

/**
 * The table itself is data (routes.json), so the gateway reads the same file from the shell's build
 * to know which remote renders a page; what that page needs (its scripts, its first API answers) comes
 * from the remote's own build (page-files.json), so a remote changes it without a shell release.
 */
export const shopRoutes: readonly ShopRoute[] = routeTable as ShopRoute[];

/**
 * The page that renders at a URL path, matched as react-router matches these patterns (whole
 * segments, case-insensitive). The router stays the authority for rendering; this only picks the
 * remote worth fetching early (routes.spec.tsx checks the two agree on every route).
 */
export function remotePageFor(pathname: string): ShopRoute | undefined {
  return shopRoutes.find((route) => matchRoutePattern(route.path, pathname));
}
