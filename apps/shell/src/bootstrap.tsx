/** Renders the shell once its remotes are registered. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/app.js';
import { ShellRoutes } from './app/routes.js';

export async function start(remotesReady: Promise<void>): Promise<void> {
  await remotesReady;
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  // Not as a transition: it would cut the first render into slices, but React then holds a
  // suspended page back instead of showing it as soon as it can (measured: the cart's heading 0.4 s
  // later). The shell's frame is small; the pages' heavy parts defer themselves (useDeferredValue).
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
