import { createHash } from 'node:crypto';
import { z } from 'zod';

/** A CSP source for the PayPal script: an http(s) origin, its host optionally a `*.` wildcard. */
const CSP_ORIGIN = /^https?:\/\/(\*\.)?[A-Za-z0-9.-]+(:\d{1,5})?$/;

/** PAYPAL_SDK_ORIGIN, which the gateway's answers and the storefront server's pages carry in their CSP. */
export const paypalSdkOriginSetting = z
  .string()
  .default('')
  .transform((value) => value.split(/[\s,]+/).filter(Boolean))
  .pipe(z.array(z.string().regex(CSP_ORIGIN, 'must be origins such as https://www.paypal.com, separated by spaces')))
  .meta({
    description:
      'Origins the page may load PayPal\'s script and frames from (the local stand-in outside production), separated by spaces: the content security policy allows them for scripts, connections, frames and images. npm start sets the stand-in\'s, or https://www.paypal.com with PayPal itself.',
    examples: ['https://www.paypal.com'],
  });

/** A CSP directive and its sources, e.g. `'script-src': ["'self'"]`. */
export type CspDirectives = Record<string, string[]>;

/** An inline script: no `src`, and a type a browser runs (none, or JavaScript's), not a data block. */
const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)(?![^>]*\stype="(?!text\/javascript|module)[^"]*")[^>]*>([\s\S]*?)<\/script>/gi;

/**
 * The CSP sources of the inline scripts of a page (`'sha256-…'`): the shell's index.html carries one
 * (its first-paint script, apps/shell/src/first-paint.js), which runs before anything is fetched and is
 * allowed by its hash, as every other inline script is refused.
 */
export function inlineScriptHashesOf(html: string): string[] {
  return [...new Set([...html.matchAll(INLINE_SCRIPT)].map((match) => `'sha256-${createHash('sha256').update(match[1] ?? '').digest('base64')}'`))];
}

/**
 * The content security policy of everything the gateway serves: the shell and
 * its Module Federation remotes come from this origin, with the shell's inline
 * scripts by their hashes; PayPal's script (or its local stand-in) from
 * PAYPAL_SDK_ORIGIN, which also renders its buttons in frames and talks to its own origin.
 */
export function contentSecurityPolicyOf(config: { PAYPAL_SDK_ORIGIN: readonly string[] }, inlineScripts: readonly string[] = []): CspDirectives {
  const paypal = config.PAYPAL_SDK_ORIGIN;
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'", ...inlineScripts, ...paypal],
    'script-src-attr': ["'none'"],
    // The pages' static stylesheets are <style> elements (index.html, a server-rendered page's head, useStaticStyles).
    'style-src': ["'self'", "'unsafe-inline'"],
    // Images picked for upload are previewed from blob: and data: URLs.
    'img-src': ["'self'", 'data:', 'blob:', ...paypal],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...paypal],
    ...(paypal.length > 0 ? { 'frame-src': [...paypal] } : {}),
    'object-src': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

