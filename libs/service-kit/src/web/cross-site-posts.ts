import type { IncomingHttpHeaders } from 'node:http';

/** What a refused cross-site form post reads (403). */
export const CROSS_SITE_POST_MESSAGE = 'A form of another site cannot post here';

const first = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

/**
 * Is a form post (the sign-in form's) from a page of another site? Login CSRF: another site's page
 * posting its own email and password to the shop would sign the shopper in as someone else. A browser
 * says where a post comes from in two headers, and the post is taken only when neither says "elsewhere":
 * - `Sec-Fetch-Site` (Fetch Metadata, every current browser): absent or `same-origin`; `same-site`
 *   (a sibling subdomain), `cross-site` and `none` are refused;
 * - `Origin`: absent, or `shopOrigin` (the shop's own: PUBLIC_URL's origin, else the request's own).
 *   `Origin: null` is what a browser sends for the shop's own form too, because the shop's
 *   Referrer-Policy is `no-referrer` (Fetch: a non-CORS POST's origin is then serialised as null), and
 *   also from a sandboxed frame or an attacker's page with the same policy; it is taken only when
 *   `Sec-Fetch-Site: same-origin` vouches for it.
 * Clients that send neither header (curl, a script) are not browsers a hostile page can drive.
 */
export function isCrossSitePost(headers: IncomingHttpHeaders, shopOrigin: string): boolean {
  const site = first(headers['sec-fetch-site'])?.trim().toLowerCase();
  if (site !== undefined && site !== 'same-origin') return true;
  const origin = first(headers.origin)?.trim().toLowerCase();
  if (origin === undefined) return false;
  if (origin === 'null') return site !== 'same-origin';
  return origin !== shopOrigin.toLowerCase();
}

/**
 * The origin a request was addressed to, as a browser writes it in `Origin` (`https://shop.example`,
 * default port left out): its scheme and its Host; undefined when the Host is not one.
 */
export function requestOriginOf(host: string | undefined, https: boolean): string | undefined {
  if (!host) return undefined;
  try {
    const url = new URL(`${https ? 'https' : 'http'}://${host}`);
    // Only a host (and port): `evil@shop` or a path in Host is no origin of the shop.
    return url.host === host.toLowerCase() || `${url.host}:${https ? 443 : 80}` === host.toLowerCase() ? url.origin : undefined;
  } catch {
    return undefined;
  }
}
