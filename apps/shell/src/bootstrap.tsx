/**
 * Renders the shell once its remotes are registered and the first page's module and answers are in; or,
 * on a page the server rendered (docs/ssr.md), hydrates it with the server's answers.
 */
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { BROWSER_SLOT_DIGEST } from '@shop/contracts';
import { createShopQueryClient, hydrateShopQueries, httpOf, prefetchFirstAnswers, provideRemoteParts } from '@shop/shop-client';
import { App } from './app/app.js';
import { reportRenderError } from './page-reports/page-reports.js';
import { reportingPartViews } from './app/remote-views.js';
import { ShellRoutes } from './app/routes.js';
import { loadRemoteModule } from './remotes.js';
import { serverRenderState } from './server-render-state.js';
import { firstAnswersOf, loadFirstPage } from './start-up.js';

/**
 * How long the first render waits for the page's remote module. Its files were preloaded with
 * index.html, so it is usually in before React is; a remote slower than this renders in its
 * placeholder like any later page, and one that is down shows its notice.
 */
const FIRST_PAGE_WAIT_MS = 3000;

/**
 * How long the first render waits for the page's first API answers (preloaded with index.html too,
 * so usually in before React is). A slower API is not waited for longer: the page renders its
 * loading state and its query takes over the request already on its way.
 */
const FIRST_ANSWERS_WAIT_MS = 1000;

const timeout = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface StartOptions {
  firstPageWaitMs?: number;
  firstAnswersWaitMs?: number;
}

export async function start(remotesReady: Promise<void>, { firstPageWaitMs = FIRST_PAGE_WAIT_MS, firstAnswersWaitMs = FIRST_ANSWERS_WAIT_MS }: StartOptions = {}): Promise<void> {
  // The page's first answers are in before it renders, so its queries start with them and it renders
  // once, instead of a loading state that a second render and layout replace (which on a slow phone
  // were the longest tasks after the first paint).
  const queryClient = createShopQueryClient();
  // A server-rendered page carries the answers it shows: they go into the cache, and nothing is asked
  // again. (Its preload hints name only what the browser is to fetch: a slot the server left to it.)
  const rendered = serverRenderState();
  if (rendered) hydrateShopQueries(queryClient, rendered.queries);
  const firstAnswers = prefetchFirstAnswers(httpOf(), firstAnswersOf());
  await remotesReady;
  // The server could not render this page's remote: an error of that remote's build (now registered),
  // as one in the browser would be.
  if (rendered?.browserSlot && rendered.serverFailure) {
    const remote = rendered.browserSlot.slice(0, rendered.browserSlot.indexOf('/'));
    reportRenderError(remote, new Error(`${rendered.browserSlot}: ${rendered.serverFailure} on the server`));
  }
  // Remotes render each other's parts (admin's order actions on checkout's order page) through the shell's runtime.
  // Wrapped so a part that renders counts as a view of its remote (page-reports/).
  provideRemoteParts(reportingPartViews(loadRemoteModule));
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  await Promise.race([Promise.all([loadFirstPage(), Promise.race([firstAnswers, timeout(firstAnswersWaitMs)])]), timeout(firstPageWaitMs)]);
  const shell = (
    <StrictMode>
      <App queryClient={queryClient}>
        <BrowserRouter>
          <ShellRoutes />
        </BrowserRouter>
        <ShellReady />
      </App>
    </StrictMode>
  );
  if (rendered) {
    // The same builds as the server's (the gateway wrote the same build set into the page), the same
    // answers: React attaches to the server's HTML instead of making it again. As a transition, like the
    // browser's own first render below: React hydrates in slices with the browser's turn in between
    // (at its default priority hydration is one task, the longest of a slow phone's page load).
    startTransition(() => {
      hydrateRoot(container, shell, { onRecoverableError });
    });
    return;
  }
  // The frame and the first page render in one pass, as a transition: React works in slices of a few
  // milliseconds with the browser's turn in between, instead of one long task a slow phone cannot
  // answer a tap during. (The page is loaded, so nothing suspends and nothing is held back.)
  const root = createRoot(container);
  startTransition(() => {
    root.render(shell);
  });
}

/** The `shop:ready` event, once the shell's first render or hydration is committed (start-after-load.js waits for it). */
export const SHELL_READY_EVENT = 'shop:ready';

function ShellReady(): null {
  useEffect(() => {
    window.dispatchEvent(new Event(SHELL_READY_EVENT));
  }, []);
  return null;
}

/**
 * A slot the server left to the browser (its remote has no server build, or it failed there) is no
 * fault here: React renders it in the browser as planned. Anything else (the server's HTML and the
 * browser's first render disagreeing) is a bug, and is said so in the console.
 */
function onRecoverableError(error: unknown): void {
  const digest = typeof error === 'object' && error !== null ? (error as { digest?: unknown }).digest : undefined;
  if (digest === BROWSER_SLOT_DIGEST) return;
  console.error('Hydrating the server-rendered page:', error);
}
