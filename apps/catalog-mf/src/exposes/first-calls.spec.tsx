/**
 * first-calls.json names, for each route of this remote's pages, the API answers the page asks for
 * first. The gateway preloads them with index.html and the shell fetches them before the first render;
 * a query takes a preloaded answer only when it asks for that very address, byte for byte. So each
 * route, rendered with sample segments, must ask for exactly what the file names: no fewer (a page
 * would wait for an answer nobody preloaded) and no more (a preload nobody reads).
 */
import { waitFor } from '@testing-library/react';
import { matchRoutePattern, routeDataOf } from '@shop/contracts';
import { mockApi } from '@shop/web-testing';
import { renderPage } from '../testing/render-page.js';
import firstCalls from './first-calls.json' with { type: 'json' };

const SAMPLE_SEGMENTS: Record<string, string> = { pageNumber: '2', keyword: 'phone', id: 'p1' };

const pathOf = (pattern: string) => pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => SAMPLE_SEGMENTS[name] ?? name);

const routes = Object.entries(firstCalls as Record<string, Record<string, string[]>>).flatMap(([page, byRoute]) =>
  Object.entries(byRoute).map(([pattern, templates]) => ({ page, pattern, templates })),
);

describe('first-calls.json', () => {
  it('names every page this remote exposes that asks for data', () => {
    expect(routes.map(({ page }) => page).sort()).toEqual(expect.arrayContaining(['HomePage', 'ProductPage']));
  });

  it.each(routes)('$page at $pattern asks first for exactly the answers named for it', async ({ pattern, templates }) => {
    const path = pathOf(pattern);
    const expected = routeDataOf(templates, matchRoutePattern(pattern, path) ?? {});
    expect(expected).toHaveLength(templates.length);
    const { calls } = mockApi({ 'GET /api/products': 'pending', 'GET /api/products/top': 'pending', 'GET /api/products/p1': 'pending' });

    renderPage(path);

    await waitFor(() => expect(calls.map((call) => `${call.method} ${call.url}`).sort()).toEqual(expected.map((url) => `GET ${url}`).sort()));
  });
});
