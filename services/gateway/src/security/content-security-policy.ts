import type { GatewayConfig } from '../config.js';

/** A CSP directive and its sources, e.g. `'script-src': ["'self'"]`. */
export type CspDirectives = Record<string, string[]>;

/**
 * The content security policy of everything the gateway serves: the shell and
 * its Module Federation remotes come from this origin; PayPal's script (or its
 * local stand-in) from PAYPAL_SDK_ORIGIN, which also renders its buttons in
 * frames and talks to its own origin.
 */
export function contentSecurityPolicyOf(config: Pick<GatewayConfig, 'PAYPAL_SDK_ORIGIN'>): CspDirectives {
  const paypal = config.PAYPAL_SDK_ORIGIN;
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'", ...paypal],
    'script-src-attr': ["'none'"],
    // The pages' static stylesheets are <style> elements (index.html, a server-rendered page's head, useStaticStyles).
    'style-src': ["'self'", "'unsafe-inline'"],
    // Images picked for upload are previewed from blob: and data: URLs.
    'img-src': ["'self'", 'data:', 'blob:', ...paypal],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...paypal],
    ...(paypal.length > 0 ? { 'frame-src': paypal } : {}),
    'object-src': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

