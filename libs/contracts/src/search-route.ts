/**
 * The storefront's search route (spec section 2: /search/{keyword}[/page/{pageNumber}]), shared by the
 * shell's plain search box and catalog's box with suggestions, so both read and write the same address.
 */

/** The header search box's placeholder (spec section 2). */
export const SEARCH_PLACEHOLDER = 'Search Products...';

/** The path a search goes to (spec section 5: a blank text goes to /). The keyword is encoded, so '/' or '?' in it stays part of it. */
export function searchPath(text: string): string {
  const keyword = text.trim();
  return keyword ? `/search/${encodeURIComponent(keyword)}` : '/';
}

/** The keyword of a search page's path (/search/{keyword}[/page/{n}]), or '' elsewhere. */
export function keywordOf(pathname: string): string {
  const encoded = /^\/search\/([^/]+)/.exec(pathname)?.[1];
  if (!encoded) return '';
  try {
    return decodeURIComponent(encoded);
  } catch {
    return encoded;
  }
}
