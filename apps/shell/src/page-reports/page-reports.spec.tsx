import { jest } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import { ShopThemeProvider } from '@shop/ui';
import type { PageReport } from './report.js';

const loadRemote = jest.fn<(id: string) => Promise<unknown>>();
jest.unstable_mockModule('@module-federation/enhanced/runtime', () => ({ loadRemote, registerRemotes: jest.fn() }));

const { startPageReports } = await import('./page-reports.js');
const { registerShopRemotes } = await import('../remotes.js');
const { RemoteBoundary } = await import('../app/remote-boundary.js');
const { reportingPartViews } = await import('../app/remote-views.js');

const SESSION = 'test-session-1';
const CATALOG = { remote: 'catalog', build: '3f9a1c2b7d' };
const CHECKOUT = { remote: 'checkout', build: 'a1b2c3d4e5' };

/** What the Web Vitals library would hand over, called by the test. */
type VitalReport = (metric: { name: string; value: number }) => void;

let sent: PageReport[][];
/** The credential each body carried. */
let credentials: (string | undefined)[];
let stop: () => void;
let vitals: Record<string, VitalReport>;
let pendingTimers: Array<() => void>;

/** Starts the reports with what the browser would give them, seen by the test. */
function startReports(storage: Storage = sessionStorage) {
  stop = startPageReports({
    storage,
    send: (body) => {
      const parsed = JSON.parse(body) as { session: string; credential?: string; reports: PageReport[] };
      expect(parsed.session).toBe(SESSION);
      credentials.push(parsed.credential);
      sent.push(parsed.reports);
    },
    schedule: (run) => {
      pendingTimers.push(run);
      return () => (pendingTimers = pendingTimers.filter((timer) => timer !== run));
    },
    loadVitals: async () => ({
      onLCP: (report) => void (vitals.LCP = report),
      onINP: (report) => void (vitals.INP = report),
      onCLS: (report) => void (vitals.CLS = report),
    }),
  });
}

/** What has been sent, once the 2 s timer (if any) has fired. */
function reportsSent(): PageReport[] {
  const timers = pendingTimers;
  pendingTimers = [];
  timers.forEach((run) => run());
  return sent.flat();
}

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

function BrokenPage(): never {
  throw new Error('Cannot read properties of undefined (reading "price")');
}

const renderPage = (remote: 'catalog' | 'checkout', module: string) => render(<RemoteBoundary remote={remote} module={module} />, { wrapper: ShopThemeProvider });

beforeEach(() => {
  sent = [];
  credentials = [];
  vitals = {};
  pendingTimers = [];
  sessionStorage.clear();
  sessionStorage.setItem('shop.report-session', SESSION);
  loadRemote.mockReset();
  registerShopRemotes({ catalog: '/mf/catalog/3f9a1c2b7d/remoteEntry.js', checkout: '/mf/checkout/a1b2c3d4e5/remoteEntry.js', admin: 'http://localhost:3013/remoteEntry.js' });
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  stop();
  document.head.querySelector('meta[name="shop-page-session"]')?.remove();
  setVisibility('visible');
  window.history.replaceState(null, '', '/');
  jest.restoreAllMocks();
});

describe('page reports', () => {
  it("send the credential the gateway served the page with, and report each thing once per page view (a reload is a new one)", async () => {
    const served = (credential: string) => {
      document.head.querySelector('meta[name="shop-page-session"]')?.remove();
      const meta = document.createElement('meta');
      meta.name = 'shop-page-session';
      meta.content = credential;
      document.head.append(meta);
    };
    loadRemote.mockResolvedValue({ default: () => <h1>Latest Products</h1> });
    served('first-page-view.credential');
    startReports();
    const first = renderPage('catalog', 'ViewedPage');
    await screen.findByRole('heading', { name: 'Latest Products' });
    expect(reportsSent()).toEqual([{ ...CATALOG, kind: 'view' }]);
    first.unmount();
    stop();

    // The same tab loads the next page: a page view of its own, whose view is reported again.
    served('second-page-view.credential');
    startReports();
    renderPage('catalog', 'ViewedPage');
    await screen.findByRole('heading', { name: 'Latest Products' });

    expect(reportsSent()).toEqual([{ ...CATALOG, kind: 'view' }, { ...CATALOG, kind: 'view' }]);
    expect(credentials).toEqual(['first-page-view.credential', 'second-page-view.credential']);
  });

  it('reports a view of the remote build whose page rendered, reusing the session of sessionStorage', async () => {
    startReports();
    loadRemote.mockResolvedValue({ default: () => <h1>Latest Products</h1> });

    renderPage('catalog', 'ViewedPage');
    await screen.findByRole('heading', { name: 'Latest Products' });

    expect(reportsSent()).toEqual([{ ...CATALOG, kind: 'view' }]);
  });

  it('reports a render error in a remote page once, as an error of that remote build (and no view)', async () => {
    startReports();
    loadRemote.mockResolvedValue({ default: BrokenPage });

    renderPage('catalog', 'BrokenPage');
    await screen.findByRole('alert');

    expect(reportsSent()).toEqual([{ ...CATALOG, kind: 'error', message: 'Cannot read properties of undefined (reading "price")' }]);
  });

  it('reports a page that could not be loaded as a load failure, not as an error', async () => {
    startReports();
    loadRemote.mockRejectedValue(new Error('Failed to fetch /mf/checkout/a1b2c3d4e5/remoteEntry.js'));

    renderPage('checkout', 'UnreachablePage');
    await screen.findByRole('alert');

    expect(reportsSent()).toEqual([{ ...CHECKOUT, kind: 'load-failure', message: 'Failed to fetch /mf/checkout/a1b2c3d4e5/remoteEntry.js' }]);
  });

  it("reports a remote's part that rendered inside another remote's page as a view of its remote", async () => {
    startReports();
    loadRemote.mockResolvedValue({ default: ({ label }: { label: string }) => <button type="button">{label}</button> });

    const part = (await reportingPartViews((id) => loadRemote(id))('checkout/OrderActions')) as { default: (props: { label: string }) => React.ReactNode };
    const Part = part.default;
    render(<Part label="Mark as delivered" />);

    expect(screen.getByRole('button', { name: 'Mark as delivered' })).toBeInTheDocument();
    expect(reportsSent()).toEqual([{ ...CHECKOUT, kind: 'view' }]);
  });

  describe('errors of the window', () => {
    it("are put on the remote build whose script threw, by the script's address", () => {
      startReports();

      window.dispatchEvent(
        new ErrorEvent('error', {
          message: 'Uncaught TypeError: x is not a function',
          filename: 'http://localhost/mf/checkout/a1b2c3d4e5/__federation_expose_CartPage.8f3e.js',
          error: new TypeError('x is not a function'),
        }),
      );

      expect(reportsSent()).toEqual([{ ...CHECKOUT, kind: 'error', message: 'x is not a function' }]);
    });

    it("are put by their stack, for a rejection nobody handled (the build named may be one this page doesn't run)", () => {
      startReports();
      const reason = new Error('Request failed');
      reason.stack = 'Error: Request failed\n    at submit (http://localhost/mf/checkout/0f0f0f0f0f/412.js:1:300)';

      window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason }));

      expect(reportsSent()).toEqual([{ remote: 'checkout', build: '0f0f0f0f0f', kind: 'error', message: 'Request failed' }]);
    });

    it("are put on the remote whose page the route shows when no script of a remote is named", () => {
      startReports();
      window.history.replaceState(null, '', '/cart/p1');

      window.dispatchEvent(new ErrorEvent('error', { message: 'Script error.', filename: 'http://localhost/main.4c0721c0.js' }));

      expect(reportsSent()).toEqual([{ ...CHECKOUT, kind: 'error', message: 'Script error.' }]);
    });

    it('are not reported when no remote build can be named', () => {
      startReports();
      window.history.replaceState(null, '', '/no/such/page');
      window.dispatchEvent(new ErrorEvent('error', { message: 'Script error.' }));
      // A remote served from its dev server has no build to report.
      window.history.replaceState(null, '', '/admin/userList');
      window.dispatchEvent(new ErrorEvent('error', { message: 'Script error.' }));

      expect(reportsSent()).toEqual([]);
    });
  });

  it("reports the page load's final Web Vitals for the remote whose page rendered first", async () => {
    startReports();
    loadRemote.mockImplementation(async (id) => ({ default: () => <h1>{id}</h1> }));
    renderPage('checkout', 'FirstPage');
    await screen.findByRole('heading', { name: 'checkout/FirstPage' });
    renderPage('catalog', 'SecondPage');
    await screen.findByRole('heading', { name: 'catalog/SecondPage' });
    await act(async () => undefined);

    vitals.LCP?.({ name: 'LCP', value: 1834.2 });
    // No number the gateway takes (it would refuse the whole body): left out.
    vitals.INP?.({ name: 'INP', value: Number.NaN });
    vitals.INP?.({ name: 'INP', value: 96 });
    vitals.CLS?.({ name: 'CLS', value: 0.04 });
    vitals.CLS?.({ name: 'CLS', value: 0.08 });

    expect(reportsSent()).toEqual([
      { ...CHECKOUT, kind: 'view' },
      { ...CATALOG, kind: 'view' },
      { ...CHECKOUT, kind: 'vital', name: 'LCP', value: 1834.2 },
      { ...CHECKOUT, kind: 'vital', name: 'INP', value: 96 },
      { ...CHECKOUT, kind: 'vital', name: 'CLS', value: 0.04 },
    ]);
  });

  it('sends what is queued as the page is hidden, without waiting for the timer', async () => {
    startReports();
    loadRemote.mockResolvedValue({ default: BrokenPage });
    renderPage('catalog', 'HiddenBrokenPage');
    await screen.findByRole('alert');
    expect(sent).toEqual([]);

    setVisibility('hidden');

    expect(sent).toEqual([[{ ...CATALOG, kind: 'error', message: 'Cannot read properties of undefined (reading "price")' }]]);
    expect(pendingTimers).toEqual([]);
  });

  it('sends what is queued on pagehide', () => {
    startReports();
    window.dispatchEvent(new ErrorEvent('error', { message: 'boom', filename: 'http://localhost/mf/catalog/3f9a1c2b7d/1.js' }));

    window.dispatchEvent(new Event('pagehide'));

    expect(sent).toEqual([[{ ...CATALOG, kind: 'error', message: 'boom' }]]);
  });

  it('reports nothing until started, nor once stopped', async () => {
    loadRemote.mockResolvedValue({ default: BrokenPage });
    renderPage('catalog', 'UnreportedPage');
    await screen.findByRole('alert');
    startReports();
    stop();
    window.dispatchEvent(new ErrorEvent('error', { message: 'boom', filename: 'http://localhost/mf/catalog/3f9a1c2b7d/1.js' }));

    expect(reportsSent()).toEqual([]);
  });

  it('keeps working without storage', () => {
    const refused = new Proxy({} as Storage, {
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
    stop = startPageReports({ storage: refused, send: (body) => sent.push((JSON.parse(body) as { reports: PageReport[] }).reports) });

    window.dispatchEvent(new ErrorEvent('error', { message: 'boom', filename: 'http://localhost/mf/catalog/3f9a1c2b7d/1.js' }));
    window.dispatchEvent(new Event('pagehide'));

    expect(sent).toEqual([[{ ...CATALOG, kind: 'error', message: 'boom' }]]);
  });
});
