/**
 * What the page tells the gateway of the remote builds it runs, for canary releases: a new build of a
 * remote is served to a few shoppers and rolled back when its shoppers meet more errors than the current
 * build's (libs/mf-releases). Per remote@build (the build this page registered, remotes.ts):
 * - `view`: a page or part of the remote rendered, once per session;
 * - `error`: an error its page threw (its error boundary caught it, or the window's error events name it);
 * - `load-failure`: a module of it could not be loaded (after remotes.ts's retry from its current build);
 * - `vital`: LCP, INP and CLS of this page load, put on the remote whose page rendered first.
 * Reporting never gets in the page's way: it is off until startPageReports (never in tests that don't
 * start it), a remote of no build (a dev server) is not reported, and every failure is swallowed.
 */
import { MAX_PAGE_CREDENTIAL, MAX_VITAL_VALUE, PAGE_CREDENTIAL_META, VITALS } from '@shop/contracts';
import { remotePageFor } from '../app/route-table.js';
import { onRemoteLoadFailure, registeredBuildOf } from '../remotes.js';
import type { RemoteBuild } from '../remote-build.js';
import { createPageReporter, type PageReporter, type Schedule } from './page-reporter.js';
import { messageOf, type ReportOfBuild } from './report.js';
import { beaconSender, type SendBody } from './send-reports.js';
import { reportSession } from './session.js';
import { attributeWindowError } from './window-errors.js';

/** A Web Vital as web-vitals hands it over. */
interface VitalMetric {
  name: string;
  value: number;
}
type OnVital = (report: (metric: VitalMetric) => void, options: { reportAllChanges: boolean }) => void;

/** The part of web-vitals the page uses. */
export interface VitalsLibrary {
  onLCP: OnVital;
  onINP: OnVital;
  onCLS: OnVital;
}

/** What the page reports run on; tests pass their own, the page the defaults. */
export interface PageReportsOptions {
  /** The window whose errors and page hiding are watched (its document too). */
  window?: Window;
  storage?: Storage;
  send?: SendBody;
  schedule?: Schedule;
  /** The build a remote runs now: the one registered (remotes.ts). */
  buildOf?: (remote: string) => string | undefined;
  /**
   * web-vitals, loaded once the first remote page has rendered and then only after the page's load
   * event, when the browser is idle: it is not needed for the first render (a chunk of its own, ~3 KB
   * gzip), the first product card should not wait on it (bench/storefront), and it reads the page's
   * buffered performance entries since navigation (LCP, layout shifts, slow interactions) whenever it
   * starts.
   */
  loadVitals?: () => Promise<VitalsLibrary>;
}

/** Whether a remote was rendered as a page of the route or as a part inside another's page. */
export type ShownAs = 'page' | 'part';

let active: { reportView(remote: string, shownAs: ShownAs): void; reportError(remote: string, error: unknown): void } | undefined;

/** A remote's page or part rendered without error. */
export function reportRemoteView(remote: string, shownAs: ShownAs): void {
  active?.reportView(remote, shownAs);
}

/** A remote's page threw while rendering (its error boundary caught it). */
export function reportRenderError(remote: string, error: unknown): void {
  active?.reportError(remote, error);
}

let stop: () => void = () => undefined;

/** Starts reporting for this page (once: a second call stops the first); returns how to stop. */
export function startPageReports(options: PageReportsOptions = {}): () => void {
  stop();
  try {
    return start(options);
  } catch {
    return () => undefined;
  }
}

function start({
  window: page = window,
  storage = sessionStorageOf(page),
  send = beaconSender(),
  schedule,
  buildOf = registeredBuildOf,
  loadVitals = () => idleAfterLoad(page).then(() => import(/* webpackChunkName: "web-vitals" */ 'web-vitals')),
}: PageReportsOptions): () => void {
  const session = reportSession(storage, undefined, credentialOf(page.document));
  const reporter = createPageReporter({ session, send, schedule, isHidden: () => page.document.visibilityState === 'hidden' });
  const quietly = (task: () => void) => {
    try {
      task();
    } catch {
      // Reporting never breaks the page.
    }
  };
  const of = (remote: string): RemoteBuild | undefined => {
    const build = buildOf(remote);
    return build ? { remote, build } : undefined;
  };
  /** Whether a remote's page has rendered yet: this page load's Web Vitals are the first one's. */
  let firstPageShown = false;

  const reportView = (remote: string, shownAs: ShownAs) =>
    quietly(() => {
      const shown = of(remote);
      if (shown) add(reporter, shown, { kind: 'view' });
      if (shownAs !== 'page' || firstPageShown) return;
      firstPageShown = true;
      if (shown) watchVitals(loadVitals, reporter, shown);
    });
  const reportError = (remote: string, error: unknown) =>
    quietly(() => {
      const shown = of(remote);
      if (shown) add(reporter, shown, { kind: 'error', message: messageOf(error) });
    });
  const reportLoadFailure = (remote: string, error: unknown) =>
    quietly(() => {
      const shown = of(remote);
      if (shown) add(reporter, shown, { kind: 'load-failure', message: messageOf(error) });
    });
  const shownRemote = () => {
    const route = remotePageFor(page.location.pathname);
    return route && of(route.remote);
  };
  const onWindowError = (event: Event) =>
    quietly(() => {
      const attributed = attributeWindowError(event, shownRemote);
      if (attributed) add(reporter, attributed, { kind: 'error', message: attributed.message });
    });
  const flush = () => quietly(reporter.flush);
  const onVisibility = () => {
    if (page.document.visibilityState === 'hidden') flush();
  };

  page.addEventListener('error', onWindowError);
  page.addEventListener('unhandledrejection', onWindowError);
  page.addEventListener('pagehide', flush);
  // On the document, so it runs after web-vitals' own listeners (the window's, capturing), which hand
  // over the final values as the page is hidden: those go in this flush.
  page.document.addEventListener('visibilitychange', onVisibility);
  const stopLoadFailures = onRemoteLoadFailure(reportLoadFailure);
  active = { reportView, reportError };

  stop = () => {
    page.removeEventListener('error', onWindowError);
    page.removeEventListener('unhandledrejection', onWindowError);
    page.removeEventListener('pagehide', flush);
    page.document.removeEventListener('visibilitychange', onVisibility);
    stopLoadFailures();
    active = undefined;
    stop = () => undefined;
  };
  return () => stop();
}

/** Resolves after the page's load event, at the browser's next idle moment (at most 3 s later). */
function idleAfterLoad(page: Window): Promise<void> {
  const idle = () =>
    new Promise<void>((resolve) => {
      if (typeof page.requestIdleCallback === 'function') page.requestIdleCallback(() => resolve(), { timeout: 3_000 });
      else page.setTimeout(resolve, 1_000);
    });
  if (page.document.readyState === 'complete') return idle();
  return new Promise((resolve) => page.addEventListener('load', () => void idle().then(resolve), { once: true }));
}

/** Reports the final LCP, INP and CLS of this page load (web-vitals sends them as the page is hidden). */
function watchVitals(loadVitals: () => Promise<VitalsLibrary>, reporter: PageReporter, firstPage: RemoteBuild): void {
  const report = (metric: VitalMetric) => {
    try {
      const name = VITALS.find((vital) => vital === metric.name);
      if (name && metric.value >= 0 && metric.value <= MAX_VITAL_VALUE) add(reporter, firstPage, { kind: 'vital', name, value: metric.value });
    } catch {
      // Reporting never breaks the page.
    }
  };
  loadVitals()
    .then(({ onLCP, onINP, onCLS }) => {
      [onLCP, onINP, onCLS].forEach((on) => on(report, { reportAllChanges: false }));
    })
    .catch(() => undefined);
}

/**
 * Queues what is reported of a build. (Object.assign rather than a spread: the shell is compiled to
 * ES5, where each spread brings a helper into the module.)
 */
function add(reporter: PageReporter, { remote, build }: RemoteBuild, what: ReportOfBuild): void {
  reporter.add(Object.assign({ remote, build }, what));
}

/** The credential the gateway served this page with (`<meta name="shop-page-session">`), if any. */
function credentialOf(document: Document): string | undefined {
  const content = document.querySelector(`meta[name="${PAGE_CREDENTIAL_META}"]`)?.getAttribute('content');
  return content && content.length <= MAX_PAGE_CREDENTIAL ? content : undefined;
}

function sessionStorageOf(page: Window): Storage | undefined {
  try {
    return page.sessionStorage;
  } catch {
    return undefined;
  }
}
