/** What a server-rendered page hands the browser (docs/ssr.md), read once at start-up. */
import { SERVER_RENDER_STATE_ID, type ServerRenderState } from '@shop/contracts';
import type { ShopQueryState } from '@shop/shop-client';

export interface PageRenderState {
  queries: ShopQueryState;
  browserSlot?: string;
  serverFailure?: ServerRenderState['serverFailure'];
}

const FAILURES = new Set(['load failed', 'render failed']);

/** The page's server render state, or undefined when the page was not rendered on the server (or the state is garbled). */
export function serverRenderState(page: Document = document): PageRenderState | undefined {
  const text = page.getElementById(SERVER_RENDER_STATE_ID)?.textContent;
  if (!text) return undefined;
  try {
    const state = JSON.parse(text) as Partial<ServerRenderState>;
    const queries = state.queries as Partial<ShopQueryState> | undefined;
    if (!queries || !Array.isArray(queries.queries) || !Array.isArray(queries.mutations)) return undefined;
    return {
      queries: queries as ShopQueryState,
      browserSlot: typeof state.browserSlot === 'string' ? state.browserSlot : undefined,
      serverFailure: FAILURES.has(String(state.serverFailure)) ? state.serverFailure : undefined,
    };
  } catch {
    return undefined;
  }
}
