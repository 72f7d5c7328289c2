/**
 * The query string of a search page (`/search/phone?brand=Apple&sort=price-asc`, docs/ssr.md): the one
 * part of a page's query string the server render reads. Only the search page's own parameters are
 * kept, each checked as the catalog checks it and written in one order (list values sorted), so one
 * search has one address in the page cache, and nothing else a visitor adds (`?utm_source=…`, junk)
 * makes another copy of a page. The same order as catalog-mf's searchQueryOf, so the first answers the
 * storefront server reads are the addresses the page asks for.
 */

import { cleanRedirect, SIGN_IN_FORM, signInFormErrorText } from '@shop/contracts';

/** Search pages: /search/{keyword} and /search/{keyword}/page/{n}. */
const SEARCH_PAGE = /^\/search\/[^/]+(\/page\/[^/]+)?\/?$/;
const SORTS = new Set(['relevance', 'price-asc', 'price-desc', 'rating', 'newest']);
const PRICE = /^[0-9]{1,7}(\.[0-9]{1,2})?$/;
/** As the catalog: at most 10 values of a list filter, each of at most 100 characters. */
const MAX_VALUES = 10;
const MAX_VALUE_LENGTH = 100;

const listOf = (params: URLSearchParams, name: string): string[] =>
  // The first ten as the address lists them, then sorted: as the page reads them (searchFiltersOf).
  [...new Set(params.getAll(name).map((value) => value.trim()).filter((value) => value.length > 0 && value.length <= MAX_VALUE_LENGTH))]
    .slice(0, MAX_VALUES)
    .sort();

/** A search page's filters and order, normalised; empty when the page is no search page. */
export interface SearchPageQuery {
  /** The filters, as the catalog's list and facets take them (`brand=a&brand=b&minPrice=…`), '' for none. */
  filters: string;
  /** The order (`sort=price-asc`), '' for the default. */
  sort: string;
}

/** The search page's parameters of `search` (a query string, with or without '?'), for the page at `pathname`. */
export function searchPageQueryOf(pathname: string, search: string): SearchPageQuery {
  if (!SEARCH_PAGE.test(pathname) || search.length <= 1) return { filters: '', sort: '' };
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(search);
  } catch {
    return { filters: '', sort: '' };
  }
  const filters = new URLSearchParams();
  for (const value of listOf(params, 'category')) filters.append('category', value);
  for (const value of listOf(params, 'brand')) filters.append('brand', value);
  const minPrice = params.get('minPrice');
  const maxPrice = params.get('maxPrice');
  const prices = [minPrice, maxPrice].map((value) => (value !== null && PRICE.test(value) ? value : undefined));
  if (!(prices[0] !== undefined && prices[1] !== undefined && Number(prices[0]) > Number(prices[1]))) {
    if (prices[0] !== undefined) filters.set('minPrice', String(Number(prices[0])));
    if (prices[1] !== undefined) filters.set('maxPrice', String(Number(prices[1])));
  }
  const rating = params.get('rating');
  if (rating !== null && /^[1-5]$/.test(rating)) filters.set('rating', rating);
  if (params.get('inStock') === 'true') filters.set('inStock', 'true');
  const sort = params.get('sort');
  return { filters: filters.toString(), sort: sort !== null && SORTS.has(sort) ? `sort=${sort}` : '' };
}

/** The page's address as the server renders and keeps it: its path and its normalised search query. */
export function renderedAddressOf(pathname: string, query: SearchPageQuery): string {
  const text = [query.filters, query.sort].filter(Boolean).join('&');
  return text ? `${pathname}?${text}` : pathname;
}

/**
 * The page's first API calls with its search's filters added, as the page asks them: the list with
 * the filters and the order, the facets with the filters only.
 */
export function firstCallsWithQuery(firstCalls: string[], query: SearchPageQuery): string[] {
  if (!query.filters && !query.sort) return firstCalls;
  return firstCalls.map((address) => {
    const [path] = address.split('?');
    const extra = path === '/api/products' ? [query.filters, query.sort] : path === '/api/products/facets' ? [query.filters] : [];
    const text = extra.filter(Boolean).join('&');
    return text ? `${address}${address.includes('?') ? '&' : '?'}${text}` : address;
  });
}

/** The sign-in pages, whose server render reads `redirect` (and /login its `error`). */
const SIGN_IN_PAGES = new Set(['/login', '/register']);
const MAX_REDIRECT_LENGTH = 100;

/**
 * The query of a sign-in page as its server render reads it (docs/ssr.md, "Forms before and without the
 * shell"): the clean `redirect` (the form's action and its link to the other page keep it) and, on
 * /login, an `error` code the shop gives (the form shows its text; a plain form's refusal comes back so).
 * Anything else is dropped, so a page has few addresses in the page cache. '' for none.
 */
export function signInPageQueryOf(pathname: string, search: string): string {
  if (!SIGN_IN_PAGES.has(pathname) || search.length <= 1) return '';
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(search);
  } catch {
    return '';
  }
  const kept = new URLSearchParams();
  const redirect = cleanRedirect(params.get('redirect'));
  if (redirect && redirect.length <= MAX_REDIRECT_LENGTH) kept.set('redirect', redirect);
  const error = params.get(SIGN_IN_FORM.error);
  if (pathname === SIGN_IN_FORM.action && signInFormErrorText(error) !== undefined) kept.set(SIGN_IN_FORM.error, String(error));
  return kept.toString();
}
