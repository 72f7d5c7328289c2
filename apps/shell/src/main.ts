/**
 * Entry of the shell. The shared libraries (React…) are in this script (eager in the host, see
 * rspack.config.mjs); the remotes are registered from the list the gateway wrote into index.html, and
 * the first page's remote files were already requested by index.html's preload hints.
 *
 * The libraries are evaluated a few at a time, each group in a task of its own with the browser's turn
 * in between: evaluated all at once, in the task that ran this script, they held the main thread of a
 * slow phone for half a second (react-dom alone is a quarter of that), which Lighthouse counts as
 * blocking time. Each group is evaluated once; bootstrap.js then finds them ready.
 */
import { startPageReports } from './page-reports/page-reports.js';
import { remoteManifestOfPage } from './remote-manifest.js';
import { connectRemotes, loadFirstPage } from './start-up.js';

// First, so an error of the start-up itself is reported (page-reports/page-reports.ts).
startPageReports();

const browserTurn = () => new Promise((resolve) => setTimeout(resolve, 0));

// In a task of its own too, not at the end of this script's long evaluation. The first page's module
// then loads (its files were preloaded) while the libraries below are evaluated; bootstrap.js waits
// for it, so the frame and the page render together.
const remotesReady = browserTurn().then(() => connectRemotes(remoteManifestOfPage()));
void remotesReady.then(() => loadFirstPage());

const groups: Array<() => Promise<unknown>> = [
  () => import(/* webpackMode: "eager" */ 'react-dom/client'),
  () => import(/* webpackMode: "eager" */ 'react-router-dom'),
  () => Promise.all([import(/* webpackMode: "eager" */ '@shop/ui'), import(/* webpackMode: "eager" */ '@shop/shop-client')]),
];

async function startShell(): Promise<void> {
  for (const group of groups) {
    await browserTurn();
    await group();
  }
  await browserTurn();
  const { start } = await import(/* webpackMode: "eager" */ './bootstrap.js');
  await start(remotesReady);
}

void startShell();
