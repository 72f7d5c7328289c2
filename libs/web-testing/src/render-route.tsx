/**
 * Renders a front end's routes at a URL inside what the shell gives them in the shop (theme and
 * shop client), with a fresh store and query client per test.
 */
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { BrowserRouter, MemoryRouter, useLocation } from 'react-router-dom';
import type { UserInfoDto } from '@shop/contracts';
import { createShopQueryClient, createShopStore, ShopClientProvider, type ShopStore } from '@shop/shop-client';
import { ShopThemeProvider } from '@shop/ui';

export interface RenderRouteOptions {
  /** Signs this user in before the page renders; a guest otherwise. */
  user?: UserInfoDto;
  /** Prepares the store (cart, shipping address…) before the page renders. */
  prepare?: (store: ShopStore) => void;
  /**
   * 'browser': the page's address is the window's (jsdom's history, set to `path` first), as in the shop,
   * for code that reads `window.location` at the time of an event; 'memory' (the default): the router's own.
   */
  history?: 'memory' | 'browser';
}

/** Shows where the app navigated to, so a test can check it as a user reads the address bar. */
function AddressBar() {
  const { pathname, search } = useLocation();
  return <output aria-label="Address">{`${pathname}${search}`}</output>;
}

/** `routes` is the front end's <Routes> element (its standalone routes mirror the shell's paths). */
export function renderRoute(path: string, routes: ReactElement, { user, prepare, history = 'memory' }: RenderRouteOptions = {}) {
  // No storage and no window: nothing persists between tests, and no other test's tab is heard.
  const store = createShopStore({ storage: null, window: null });
  if (user) store.signIn(user);
  prepare?.(store);
  const page = (
    <ShopThemeProvider>
      <ShopClientProvider store={store} queryClient={createShopQueryClient()}>
        {routes}
        <AddressBar />
      </ShopClientProvider>
    </ShopThemeProvider>
  );
  if (history === 'browser') window.history.replaceState(null, '', path);
  const rendered = render(history === 'browser' ? <BrowserRouter>{page}</BrowserRouter> : <MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>);
  return { ...rendered, store };
}
