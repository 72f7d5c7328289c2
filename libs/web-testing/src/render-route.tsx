/**
 * Renders a front end's routes at a URL inside what the shell gives them in the shop (theme and
 * shop client), with a fresh store and query client per test.
 */
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import type { UserInfoDto } from '@shop/contracts';
import { createShopQueryClient, createShopStore, ShopClientProvider, type ShopStore } from '@shop/shop-client';
import { ShopThemeProvider } from '@shop/ui';

export interface RenderRouteOptions {
  /** Signs this user in before the page renders; a guest otherwise. */
  user?: UserInfoDto;
  /** Prepares the store (cart, shipping address…) before the page renders. */
  prepare?: (store: ShopStore) => void;
}

/** Shows where the app navigated to, so a test can check it as a user reads the address bar. */
function AddressBar() {
  const { pathname, search } = useLocation();
  return <output aria-label="Address">{`${pathname}${search}`}</output>;
}

/** `routes` is the front end's <Routes> element (its standalone routes mirror the shell's paths). */
export function renderRoute(path: string, routes: ReactElement, { user, prepare }: RenderRouteOptions = {}) {
  // No storage and no window: nothing persists between tests, and no other test's tab is heard.
  const store = createShopStore({ storage: null, window: null });
  if (user) store.signIn(user);
  prepare?.(store);
  const rendered = render(
    <MemoryRouter initialEntries={[path]}>
      <ShopThemeProvider>
        <ShopClientProvider store={store} queryClient={createShopQueryClient()}>
          {routes}
          <AddressBar />
        </ShopClientProvider>
      </ShopThemeProvider>
    </MemoryRouter>,
  );
  return { ...rendered, store };
}
