/** Standalone start of the catalog pages, for the catalog team: its own router, no shell around it. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { StandaloneRoutes } from './standalone-routes.js';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <BrowserRouter>
      <StandaloneRoutes />
    </BrowserRouter>
  </StrictMode>,
);
