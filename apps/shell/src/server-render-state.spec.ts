import { SERVER_RENDER_STATE_ID } from '@shop/contracts';
import { serverRenderState } from './server-render-state.js';

function pageWith(text: string | undefined): Document {
  const page = document.implementation.createHTMLDocument('page');
  if (text !== undefined) {
    const script = page.createElement('script');
    script.type = 'application/json';
    script.id = SERVER_RENDER_STATE_ID;
    script.textContent = text;
    page.body.append(script);
  }
  return page;
}

describe('the state a server-rendered page hands the browser', () => {
  it('is read from the page', () => {
    const queries = { queries: [{ queryKey: ['products', 'top'], queryHash: '["products","top"]', state: { data: [] } }], mutations: [] };
    expect(serverRenderState(pageWith(JSON.stringify({ queries, browserSlot: 'checkout/CartPage' })))).toEqual({ queries, browserSlot: 'checkout/CartPage' });
    expect(serverRenderState(pageWith(JSON.stringify({ queries, browserSlot: 'catalog/HomePage', serverFailure: 'render failed' })))?.serverFailure).toBe('render failed');
    expect(serverRenderState(pageWith(JSON.stringify({ queries, serverFailure: '<script>' })))?.serverFailure).toBeUndefined();
  });

  it('is none on a page the server did not render, or whose state is garbled: the browser renders it', () => {
    expect(serverRenderState(pageWith(undefined))).toBeUndefined();
    expect(serverRenderState(pageWith('{not json'))).toBeUndefined();
    expect(serverRenderState(pageWith('{"queries":{"queries":"x"}}'))).toBeUndefined();
    expect(serverRenderState(pageWith('null'))).toBeUndefined();
  });
});
