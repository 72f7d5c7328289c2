import type { Request, Response } from 'express';
import { LINK_HEADER, TOTAL_COUNT_HEADER } from '@shop/contracts';
import type { ListWindow } from './list-query.js';

/**
 * Writes where a page sits in the whole list: `X-Total-Count` and a `Link` header (RFC 8288) with the
 * first, previous, next and last pages, GitHub's way. Each link is the request's own address (path and
 * every query parameter as it came) with `pageNumber` set, written relative to the request, so it holds
 * behind the gateway and for whichever host the client used. A page past the last links back to the last.
 */
export function setPagingHeaders(req: Request, res: Response, { page, pageSize }: ListWindow, total: number): void {
  const last = Math.max(1, Math.ceil(total / pageSize));
  const links: [string, number][] = [['first', 1]];
  if (page > 1) links.push(['prev', Math.min(page - 1, last)]);
  if (page < last) links.push(['next', page + 1]);
  links.push(['last', last]);
  res.setHeader(TOTAL_COUNT_HEADER, String(total));
  res.setHeader(LINK_HEADER, links.map(([rel, target]) => `<${pageAddress(req, target)}>; rel="${rel}"`).join(', '));
}

/** The request's path and query with `pageNumber` set to `page` (its other parameters in their order). */
function pageAddress(req: Request, page: number): string {
  const url = new URL(req.originalUrl, 'http://list.invalid');
  url.searchParams.set('pageNumber', String(page));
  return `${url.pathname}${url.search}`;
}
