/** Renders the shell once its remotes are registered and the first page's module is in. */
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/app.js';
import { ShellRoutes } from './app/routes.js';
import { loadFirstPage } from './start-up.js';

/**
 * How long the first render waits for the page's remote module. Its files were preloaded with
 * index.html, so it is usually in before React is; a remote slower than this renders in its
 * placeholder like any later page, and one that is down shows its notice.
 */
const FIRST_PAGE_WAIT_MS = 3000;

const timeout = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function start(remotesReady: Promise<void>, { firstPageWaitMs = FIRST_PAGE_WAIT_MS } = {}): Promise<void> {
  await remotesReady;
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  await Promise.race([loadFirstPage(), timeout(firstPageWaitMs)]);
  // The frame and the first page render in one pass, as a transition: React works in slices of a few
  // milliseconds with the browser's turn in between, instead of one long task a slow phone cannot
  // answer a tap during. (The page is loaded, so nothing suspends and nothing is held back.)
  const root = createRoot(container);
  startTransition(() => {
    root.render(
      <StrictMode>
        <App>
          <BrowserRouter>
            <ShellRoutes />
          </BrowserRouter>
        </App>
      </StrictMode>,
    );
  });
}
