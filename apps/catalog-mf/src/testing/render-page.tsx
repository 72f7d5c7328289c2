/**
 * Renders the catalog's routes at a URL inside what the shell gives them in the shop (theme and shop
 * client), with a fresh store and query client per test. Test-only; never built.
 */
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import type { UserInfoDto } from '@shop/contracts';
import { createShopQueryClient, createShopStore, ShopClientProvider } from '@shop/shop-client';
import { ShopThemeProvider } from '@shop/ui';
import { StandaloneRoutes } from '../standalone-routes.js';

export interface RenderPageOptions {
  /** Signs this user in before the page renders; a guest otherwise. */
  user?: UserInfoDto;
}

/** Shows where the app navigated to, so a test can check it as a user reads the address bar. */
function AddressBar() {
  const { pathname, search } = useLocation();
  return <output aria-label="Address">{`${pathname}${search}`}</output>;
}

export function renderPage(path: string, { user }: RenderPageOptions = {}) {
  // No storage and no window: nothing persists between tests, and no other test's tab is heard.
  const store = createShopStore({ storage: null, window: null });
  if (user) store.signIn(user);
  const rendered = render(
    <MemoryRouter initialEntries={[path]}>
      <ShopThemeProvider>
        <ShopClientProvider store={store} queryClient={createShopQueryClient()}>
          <StandaloneRoutes />
          <AddressBar />
        </ShopClientProvider>
      </ShopThemeProvider>
    </MemoryRouter>,
  );
  return { ...rendered, store };
}
