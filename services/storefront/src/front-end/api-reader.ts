/**
 * How the server render reads the API (docs/ssr.md): a `fetch` that answers the catalog's public reads
 * (anonymous GETs under /api/products) from CatalogReads, shared by every render of this process, so
 * the pages rendered around the same moment ask the catalog once. A server render never reads anything
 * private, and never on a shopper's behalf: any other address is 404 to it.
 */
import { Injectable } from '@nestjs/common';
import { CatalogReads } from '../catalog/catalog-reads.js';

const ORIGIN = 'http://storefront.internal';
const READABLE = '/api/products';

@Injectable()
export class ApiReader {
  constructor(private readonly catalog: CatalogReads) {}

  /** A fetch for one page's render; `requestId` (the page's) goes with each read to the catalog. */
  fetchFor(requestId: string): typeof fetch {
    return async (input, init) => {
      const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
      const url = new URL(input instanceof Request ? input.url : String(input), ORIGIN);
      const readable = url.origin === ORIGIN && (url.pathname === READABLE || url.pathname.startsWith(`${READABLE}/`));
      if (method !== 'GET' || !readable) return Response.json({ message: 'Not available to a server render' }, { status: 404 });
      const answer = await this.catalog.read(`${url.pathname}${url.search}`, requestId);
      const body = answer.status === 204 || answer.status === 304 ? null : new Uint8Array(answer.body);
      return new Response(body, { status: answer.status, headers: answer.contentType ? { 'content-type': answer.contentType } : {} });
    };
  }
}
