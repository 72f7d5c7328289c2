/** Renders the shell once its remotes are registered (main.ts started that alongside this chunk). */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/app.js';
import { ShellRoutes } from './app/routes.js';

export async function start(remotesReady: Promise<void>): Promise<void> {
  await remotesReady;
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <StrictMode>
      <App>
        <BrowserRouter>
          <ShellRoutes />
        </BrowserRouter>
      </App>
    </StrictMode>,
  );
}
