import { jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { aCustomer, anAdmin, mockApi } from '@shop/web-testing';
import { theme } from '@shop/ui';
import type { BuildStatus, ReleasesStatus, RemoteReleases } from '../features/releases/api/releases-status.js';
import { renderPage } from '../testing/render-page.js';

function aBuild(build: string, overrides: Partial<BuildStatus> = {}): BuildStatus {
  return {
    build,
    sessions: 1200,
    errorSessions: 30,
    errorRatePercent: 2.5,
    errors: 41,
    loadFailures: 0,
    renders: 340,
    renderFailures: 2,
    fileRequests: 0,
    fileFailures: 0,
    vitals: { LCP: 2480.4, INP: 187.6, CLS: 0.0512 },
    ...overrides,
  };
}

const catalog: RemoteReleases = {
  name: 'catalog',
  current: aBuild('c2'),
  canary: { ...aBuild('c3', { sessions: 130, errorRatePercent: 3.14159, vitals: { LCP: 1999.5, INP: null, CLS: 0.1 } }), percent: 10, startedAt: '2026-11-26T12:30:00.000Z', by: 'ops@example.com' },
  retained: [
    { ...aBuild('c1', { sessions: 0, errorSessions: 0, errorRatePercent: null, renders: 4, renderFailures: 0, fileRequests: 9, fileFailures: 1, vitals: { LCP: null, INP: null, CLS: null } }), retiredAt: '2026-11-26T09:00:00.000Z', servedUntil: '2026-11-27T09:00:00.000Z', rolledBack: false },
  ],
};

const checkout: RemoteReleases = {
  name: 'checkout',
  current: aBuild('k3'),
  canary: null,
  retained: [
    { ...aBuild('k1'), retiredAt: '2026-11-25T08:00:00.000Z', servedUntil: '2026-11-26T08:00:00.000Z', rolledBack: false },
    { ...aBuild('k2'), retiredAt: '2026-11-26T10:00:00.000Z', servedUntil: '2026-11-27T10:00:00.000Z', rolledBack: false },
  ],
};

const admin: RemoteReleases = {
  name: 'admin',
  current: aBuild('a2'),
  canary: null,
  retained: [{ ...aBuild('a1'), retiredAt: '2026-11-26T11:00:00.000Z', servedUntil: '2026-11-26T11:00:00.000Z', rolledBack: true }],
};

function aStatus(overrides: Partial<ReleasesStatus> = {}): ReleasesStatus {
  return {
    managed: true,
    rule: { minSessions: 200, errorMarginPercent: 2, confidencePercent: 99 },
    remotes: [catalog, checkout, admin],
    actions: [
      { at: '2026-11-26T12:30:00.000Z', who: 'ops@example.com', action: 'canary', remote: 'catalog', build: 'c3', detail: '10 % of shoppers' },
      { at: '2026-11-26T11:00:00.000Z', who: 'gateway', action: 'auto-rollback', remote: 'admin', build: 'a1', detail: 'error rate 9 % over 250 sessions' },
    ],
    ...overrides,
  };
}

const answer = (status: ReleasesStatus) => ({ json: status });

afterEach(() => {
  jest.restoreAllMocks();
  jest.useRealTimers();
});

/** The table of a remote's builds, in its own scrolling region. */
function buildsOf(remote: string): HTMLElement {
  return within(screen.getByRole('region', { name: `${remote} builds` })).getByRole('table');
}

function rowOf(build: string): HTMLElement {
  const row = screen.getByRole('rowheader', { name: build }).closest('tr');
  if (!row) throw new Error(`no row for ${build}`);
  return row;
}

const cellsOf = (build: string) => within(rowOf(build)).getAllByRole('cell').map((cell) => cell.textContent);

describe('ReleasesPage', () => {
  it.each([
    ['a guest', undefined],
    ['a customer', aCustomer],
  ])('sends %s to /login without asking for the releases, as the products and orders pages do', (_, user) => {
    const { calls } = mockApi({ 'GET /api/releases': answer(aStatus()) });
    renderPage('/admin/releases', { user });
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent(/^\/login$/);
    expect(screen.queryByRole('heading', { name: 'Releases' })).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("shows a spinner under 'Releases' while the status loads", () => {
    mockApi({ 'GET /api/releases': 'pending' });
    renderPage('/admin/releases', { user: anAdmin });
    expect(screen.getByRole('heading', { level: 1, name: 'Releases' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading...' })).toBeInTheDocument();
    expect(document.title).toBe('Releases | ProShop');
  });

  it("shows the server's message in a red alert when the status cannot be read", async () => {
    mockApi({ 'GET /api/releases': { status: 403, json: { message: 'Not authorized as an admin' } } });
    renderPage('/admin/releases', { user: anAdmin });
    expect(await screen.findByRole('alert')).toHaveTextContent('Not authorized as an admin');
  });

  it('lists each remote under its name, its current, canary and retained builds with their figures, asked with the bearer token', async () => {
    const { calls } = mockApi({ 'GET /api/releases': answer(aStatus()) });
    renderPage('/admin/releases', { user: anAdmin });
    await screen.findByRole('region', { name: 'catalog builds' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['catalog', 'checkout', 'admin', 'Recent actions']);
    expect(within(buildsOf('catalog')).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'BUILD',
      'STATUS',
      'SESSIONS',
      'ERROR RATE',
      'RENDERS FAILED',
      'FILES FAILED',
      'LCP (ms)',
      'INP (ms)',
      'CLS',
      'Actions',
    ]);
    expect(within(buildsOf('catalog')).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['c2', 'c3', 'c1']);
    expect(cellsOf('c2').slice(0, 8)).toEqual(['Current', '1200', '2.5 %', '2 of 340', '–', '2480', '188', '0.05']);
    expect(cellsOf('c3').slice(0, 8)).toEqual(['Canary, 10 % of shoppers since 2026-11-26 12:30 UTC by ops@example.com', '130', '3.1 %', '2 of 340', '–', '2000', '–', '0.10']);
    expect(cellsOf('c1').slice(0, 8)).toEqual(['Retired 2026-11-26 09:00 UTC served until 2026-11-27 09:00 UTC', '0', '–', '0 of 4', '1 of 9', '–', '–', '–']);
    expect(cellsOf('a1')[0]).toBe('Retired 2026-11-26 11:00 UTC rolled back');
    expect(calls[0]?.url).toBe('/api/releases');
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer token-of-admin');
  });

  it('states the automatic rollback rule', async () => {
    mockApi({ 'GET /api/releases': answer(aStatus()) });
    renderPage('/admin/releases', { user: anAdmin });
    expect(
      await screen.findByText(/rolled back automatically when its error rate, its failed server renders or its failed files pass the current build's by more than 2 percentage points, at 99 % confidence, over at least 200 of each on both builds\. Sessions are pages the shop served, each counted once/),
    ).toBeInTheDocument();
  });

  it('lists the recent actions: when, who and what', async () => {
    mockApi({ 'GET /api/releases': answer(aStatus()) });
    renderPage('/admin/releases', { user: anAdmin });
    const region = await screen.findByRole('region', { name: 'Recent actions' });
    const rows = within(region).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['2026-11-26 12:30 UTC', 'ops@example.com', 'canary catalog c3: 10 % of shoppers'],
      ['2026-11-26 11:00 UTC', 'gateway', 'auto-rollback admin a1: error rate 9 % over 250 sessions'],
    ]);
    expect(within(rows[0] as HTMLElement).getByText('2026-11-26 12:30 UTC')).toHaveAttribute('dateTime', '2026-11-26T12:30:00.000Z');
  });

  it("says so when there are no actions yet", async () => {
    mockApi({ 'GET /api/releases': answer(aStatus({ actions: [] })) });
    renderPage('/admin/releases', { user: anAdmin });
    expect(await screen.findByText('No actions yet.')).toBeInTheDocument();
  });

  it("draws builds, figures and the share picker in their own styles, over the table's and the select's", async () => {
    mockApi({ 'GET /api/releases': answer(aStatus()) });
    renderPage('/admin/releases', { user: anAdmin });
    const buildCell = await screen.findByRole('rowheader', { name: 'c2' });
    expect(buildCell.tagName).toBe('TH');
    expect(buildCell).toHaveAttribute('scope', 'row');
    // A row header in the weight of the other cells, as wide as a build id: the build cell's rule over the id cell's.
    expect(getComputedStyle(buildCell).fontWeight).toBe(String(theme.fontWeights.normal));
    expect(getComputedStyle(buildCell).minWidth).toBe(`calc(10ch + 2 * ${theme.space[2]} + 2 * ${theme.borders.hairline})`);
    const [status, sessions] = within(rowOf('c2')).getAllByRole('cell');
    expect(getComputedStyle(sessions as HTMLElement).textAlign).toBe('right');
    expect(getComputedStyle(status as HTMLElement)).toMatchObject({ whiteSpace: 'normal', minWidth: '24ch' });
    const share = screen.getByRole('combobox', { name: 'New share for the catalog canary c3' });
    expect(getComputedStyle(share)).toMatchObject({ width: 'auto', minHeight: theme.controlHeights.sm });
  });

  it('keeps every table in a region that scrolls sideways on a narrow screen', async () => {
    mockApi({ 'GET /api/releases': answer(aStatus()) });
    renderPage('/admin/releases', { user: anAdmin });
    for (const name of ['catalog builds', 'checkout builds', 'admin builds', 'Recent actions']) {
      const region = await screen.findByRole('region', { name });
      expect(within(region).getByRole('table')).toBeInTheDocument();
      expect(region).toHaveAttribute('tabindex', '0');
    }
  });

  it('reads the status again every 10 s', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    let reads = 0;
    mockApi({
      'GET /api/releases': () => {
        reads += 1;
        return answer(aStatus({ remotes: [{ ...catalog, canary: catalog.canary && { ...catalog.canary, sessions: 130 + reads } }] }));
      },
    });
    renderPage('/admin/releases', { user: anAdmin });
    await waitFor(() => expect(cellsOf('c3')[1]).toBe('131'));

    await jest.advanceTimersByTimeAsync(10_000);

    await waitFor(() => expect(cellsOf('c3')[1]).toBe('132'));
    expect(reads).toBe(2);
  });

  it("keeps the last status on screen under the server's message when a refresh fails", async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    let failing = false;
    mockApi({ 'GET /api/releases': () => (failing ? { status: 403, json: { message: 'Not authorized as an admin' } } : answer(aStatus())) });
    renderPage('/admin/releases', { user: anAdmin });
    await screen.findByRole('region', { name: 'catalog builds' });
    failing = true;

    await jest.advanceTimersByTimeAsync(10_000);

    expect(await screen.findByRole('alert')).toHaveTextContent('Not authorized as an admin');
    expect(rowOf('c3')).toBeInTheDocument();
  });

  describe('promoting a canary', () => {
    it('offers the shares above the canary, the next one chosen, and promotes it there after confirmation', async () => {
      const user = userEvent.setup();
      const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
      const promoted = aStatus({ remotes: [{ ...catalog, canary: catalog.canary && { ...catalog.canary, percent: 50 } }, checkout, admin] });
      const { calls } = mockApi({ 'GET /api/releases': answer(aStatus()), 'POST /api/releases/catalog/promote': answer(promoted) });
      renderPage('/admin/releases', { user: anAdmin });
      const share = await screen.findByRole('combobox', { name: 'New share for the catalog canary c3' });
      expect(within(share).getAllByRole('option').map((option) => option.textContent)).toEqual(['25 %', '50 %', '100 %']);
      expect(share).toHaveValue('25');

      await user.selectOptions(share, '50');
      await user.click(screen.getByRole('button', { name: 'Promote the catalog canary c3' }));

      expect(confirm).toHaveBeenCalledWith('Promote the catalog canary c3 to 50 % of shoppers. Are you sure?');
      await waitFor(() => expect(cellsOf('c3')[0]).toMatch(/^Canary, 50 % of shoppers/));
      const post = calls.find((call) => call.method === 'POST');
      expect(post).toMatchObject({ url: '/api/releases/catalog/promote', body: { percent: 50, build: 'c3' } });
      expect(post?.headers.get('Authorization')).toBe('Bearer token-of-admin');
    });

    it('makes the canary the current build at 100 %', async () => {
      const user = userEvent.setup();
      const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
      const promoted = aStatus({ remotes: [{ ...catalog, current: aBuild('c3'), canary: null }, checkout, admin] });
      const { calls } = mockApi({ 'GET /api/releases': answer(aStatus()), 'POST /api/releases/catalog/promote': answer(promoted) });
      renderPage('/admin/releases', { user: anAdmin });
      await user.selectOptions(await screen.findByRole('combobox', { name: 'New share for the catalog canary c3' }), '100');
      await user.click(screen.getByRole('button', { name: 'Promote the catalog canary c3' }));

      expect(confirm).toHaveBeenCalledWith('Promote the catalog canary c3 to every shopper, making it the current build. Are you sure?');
      await waitFor(() => expect(cellsOf('c3')[0]).toBe('Current'));
      expect(calls.filter((call) => call.method === 'POST').map((call) => [call.url, call.body])).toEqual([['/api/releases/catalog/promote', { percent: 100, build: 'c3' }]]);
    });

    it('offers only 100 % to a canary at 50 % or more', async () => {
      mockApi({ 'GET /api/releases': answer(aStatus({ remotes: [{ ...catalog, canary: catalog.canary && { ...catalog.canary, percent: 60 } }] })) });
      renderPage('/admin/releases', { user: anAdmin });
      const share = await screen.findByRole('combobox', { name: 'New share for the catalog canary c3' });
      expect(within(share).getAllByRole('option').map((option) => option.textContent)).toEqual(['100 %']);
    });

    it('promotes nothing when the admin answers no', async () => {
      const user = userEvent.setup();
      jest.spyOn(window, 'confirm').mockReturnValue(false);
      const { calls } = mockApi({ 'GET /api/releases': answer(aStatus()) });
      renderPage('/admin/releases', { user: anAdmin });
      await user.click(await screen.findByRole('button', { name: 'Promote the catalog canary c3' }));
      expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    });

    it("shows the server's message in a red alert when the promotion is refused, and reads the status again", async () => {
      const user = userEvent.setup();
      jest.spyOn(window, 'confirm').mockReturnValue(true);
      const { calls } = mockApi({
        'GET /api/releases': answer(aStatus()),
        'POST /api/releases/catalog/promote': { status: 404, json: { message: 'catalog has no canary to promote' } },
      });
      renderPage('/admin/releases', { user: anAdmin });
      await user.click(await screen.findByRole('button', { name: 'Promote the catalog canary c3' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('catalog has no canary to promote');
      await waitFor(() => expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(['GET /api/releases', 'POST /api/releases/catalog/promote', 'GET /api/releases']));
      expect(rowOf('c3')).toBeInTheDocument();
    });
  });

  describe('rolling back', () => {
    it('withdraws a canary after confirmation, naming the canary meant', async () => {
      const user = userEvent.setup();
      const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
      const rolledBack = aStatus({ remotes: [{ ...catalog, canary: null, retained: [{ ...aBuild('c3'), retiredAt: '2026-11-26T13:00:00.000Z', servedUntil: '2026-11-26T13:00:00.000Z', rolledBack: true }, ...catalog.retained] }, checkout, admin] });
      const { calls } = mockApi({ 'GET /api/releases': answer(aStatus()), 'POST /api/releases/catalog/rollback': answer(rolledBack) });
      renderPage('/admin/releases', { user: anAdmin });
      await user.click(await screen.findByRole('button', { name: 'Roll back the catalog canary c3' }));

      expect(confirm).toHaveBeenCalledWith('Roll back the catalog canary c3: its shoppers go back to the current build. Are you sure?');
      await waitFor(() => expect(cellsOf('c3')[0]).toBe('Retired 2026-11-26 13:00 UTC rolled back'));
      expect(calls.filter((call) => call.method === 'POST').map((call) => [call.url, call.body])).toEqual([['/api/releases/catalog/rollback', { build: 'c3' }]]);
    });

    it('rolls a remote without a canary back to the build retired last, after confirmation', async () => {
      const user = userEvent.setup();
      const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
      const rolledBack = aStatus({
        remotes: [catalog, { ...checkout, current: aBuild('k2'), retained: [{ ...aBuild('k3'), retiredAt: '2026-11-26T13:00:00.000Z', servedUntil: '2026-11-26T13:00:00.000Z', rolledBack: true }, checkout.retained[0]!] }, admin],
      });
      const { calls } = mockApi({ 'GET /api/releases': answer(aStatus()), 'POST /api/releases/checkout/rollback': answer(rolledBack) });
      renderPage('/admin/releases', { user: anAdmin });
      await user.click(await screen.findByRole('button', { name: 'Roll back checkout to k2' }));

      expect(confirm).toHaveBeenCalledWith('Roll back checkout from k3 to k2. Are you sure?');
      await waitFor(() => expect(cellsOf('k2')[0]).toBe('Current'));
      expect(calls.filter((call) => call.method === 'POST').map((call) => [call.url, call.body])).toEqual([['/api/releases/checkout/rollback', { build: 'k3' }]]);
      // k1 is left to roll back to: the button now names it.
      expect(screen.getByRole('button', { name: 'Roll back checkout to k1' })).toBeInTheDocument();
    });

    it('offers no roll back to a remote whose build retired last was itself rolled back, or that retains none', async () => {
      mockApi({ 'GET /api/releases': answer(aStatus({ remotes: [admin, { ...checkout, retained: [] }] })) });
      renderPage('/admin/releases', { user: anAdmin });
      await screen.findByRole('region', { name: 'admin builds' });
      expect(within(rowOf('a2')).queryByRole('button')).not.toBeInTheDocument();
      expect(within(rowOf('k3')).queryByRole('button')).not.toBeInTheDocument();
    });

    it('rolls nothing back when the admin answers no', async () => {
      const user = userEvent.setup();
      jest.spyOn(window, 'confirm').mockReturnValue(false);
      const { calls } = mockApi({ 'GET /api/releases': answer(aStatus()) });
      renderPage('/admin/releases', { user: anAdmin });
      await user.click(await screen.findByRole('button', { name: 'Roll back the catalog canary c3' }));
      await user.click(screen.getByRole('button', { name: 'Roll back checkout to k2' }));
      expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
      expect(rowOf('c3')).toBeInTheDocument();
    });

    it("shows the server's message in a red alert when the roll back is refused", async () => {
      const user = userEvent.setup();
      jest.spyOn(window, 'confirm').mockReturnValue(true);
      mockApi({
        'GET /api/releases': answer(aStatus()),
        'POST /api/releases/checkout/rollback': { status: 409, json: { message: 'Releases are fixed by MF_REMOTES' } },
      });
      renderPage('/admin/releases', { user: anAdmin });
      await user.click(await screen.findByRole('button', { name: 'Roll back checkout to k2' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Releases are fixed by MF_REMOTES');
    });
  });

  describe('when the gateway does not manage the releases', () => {
    it("says they are fixed by its MF_REMOTES setting and offers no buttons", async () => {
      mockApi({ 'GET /api/releases': answer(aStatus({ managed: false })) });
      renderPage('/admin/releases', { user: anAdmin });
      expect(await screen.findByText("Releases are fixed by the gateway's MF_REMOTES setting: they cannot be promoted or rolled back here.")).toBeInTheDocument();
      expect(rowOf('c3')).toBeInTheDocument();
      expect(screen.queryByRole('button')).not.toBeInTheDocument();
      expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
      expect(within(buildsOf('catalog')).getAllByRole('columnheader').map((header) => header.textContent)).not.toContain('Actions');
    });
  });
});
