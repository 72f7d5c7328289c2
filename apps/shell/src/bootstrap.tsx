/** Renders the shell once its remotes are registered. */
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/app.js';
import { ShellRoutes } from './app/routes.js';

export async function start(remotesReady: Promise<void>): Promise<void> {
  await remotesReady;
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const root = createRoot(container);
  // As a transition, the first render yields to the browser every few milliseconds instead of
  // holding the main thread for the whole tree (on a phone, a long task of hundreds of ms).
  startTransition(() =>
    root.render(
      <StrictMode>
        <App>
          <BrowserRouter>
            <ShellRoutes />
          </BrowserRouter>
        </App>
      </StrictMode>,
    ),
  );
}
