import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { ShopClientProvider } from '@shop/shop-client';
import { Container, ShopThemeProvider } from '@shop/ui';
import { connectShopRemotes } from './shop-remotes.js';

/**
 * Starts a remote's pages alone, for its team: the providers the shell gives the exposed pages in the
 * shop (theme and shop client), the remote's own routes in a browser router, and no shell around them.
 * The parts of other remotes (`own` is this remote's name) come from the running shop's builds.
 */
export async function renderStandalone(own: string, routes: ReactNode): Promise<void> {
  await connectShopRemotes(own);
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <StrictMode>
      <ShopThemeProvider>
        <ShopClientProvider>
          <BrowserRouter>
            <Container as="main">{routes}</Container>
          </BrowserRouter>
        </ShopClientProvider>
      </ShopThemeProvider>
    </StrictMode>,
  );
}
