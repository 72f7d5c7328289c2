/**
 * How the server render reads the API (docs/ssr.md): a `fetch` that answers the shop's own API
 * addresses inside the gateway, through the same shared cache as the browser's requests (api-cache/),
 * so a page and the API calls of the shoppers around it share one answer and the catalog is asked
 * once. Only anonymous GETs of the public routes (`sharedCache`): a server render never reads anything
 * private, and never on a shopper's behalf.
 */
import { Injectable } from '@nestjs/common';
import { ApiCache } from '../api-cache/api-cache.service.js';
import { pathOf, proxyRouteFor } from '../proxy/proxy-routes.js';

const ORIGIN = 'http://gateway.internal';

@Injectable()
export class ApiReader {
  constructor(private readonly cache: ApiCache) {}

  /** A fetch for one page's render; `requestId` (the page's) goes with each read to the service. */
  fetchFor(requestId: string): typeof fetch {
    return async (input, init) => {
      const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
      const url = new URL(input instanceof Request ? input.url : String(input), ORIGIN);
      const route = url.origin === ORIGIN ? proxyRouteFor(pathOf(url.pathname)) : undefined;
      if (method !== 'GET' || !route?.sharedCache) {
        return Response.json({ message: 'Not available to a server render' }, { status: 404 });
      }
      const answer = await this.cache.read(route.upstream, `${url.pathname}${url.search}`, requestId);
      const type = answer.headers['content-type'];
      const body = answer.status === 204 || answer.status === 304 ? null : new Uint8Array(answer.body);
      return new Response(body, { status: answer.status, headers: typeof type === 'string' ? { 'content-type': type } : {} });
    };
  }
}
