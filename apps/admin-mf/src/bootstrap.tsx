/**
 * Standalone start of the admin pages, for the admin team: its own router and the providers the
 * shell gives the exposed pages in the shop (theme and shop client), with no shell around it.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { ShopClientProvider } from '@shop/shop-client';
import { Container, ShopThemeProvider } from '@shop/ui';
import { StandaloneRoutes } from './standalone-routes.js';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <ShopThemeProvider>
      <ShopClientProvider>
        <BrowserRouter>
          <Container as="main">
            <StandaloneRoutes />
          </Container>
        </BrowserRouter>
      </ShopClientProvider>
    </ShopThemeProvider>
  </StrictMode>,
);
