import { jest } from '@jest/globals';
import { act, screen } from '@testing-library/react';

const loadRemote = jest.fn<(id: string) => Promise<unknown>>();
const registerRemotes = jest.fn<(remotes: Array<{ name: string; entry: string }>) => void>();
jest.unstable_mockModule('@module-federation/enhanced/runtime', () => ({ loadRemote, registerRemotes }));

const { fetchRemoteManifest } = await import('./remote-manifest.js');

/** A fresh shell per test: the shell caches loaded pages for the life of the page, as it should. */
async function freshShell() {
  jest.resetModules();
  const { start } = await import('./bootstrap.js');
  const { connectRemotes } = await import('./start-up.js');
  return { start, connectRemotes };
}

/** The MF runtime knows only the remotes registered with it, as the real one does. */
function runtimeServing(pages: Record<string, () => unknown>) {
  registerRemotes.mockImplementation((remotes) => {
    loadRemote.mockImplementation(async (id) => {
      const registered = remotes.some(({ name }) => id.startsWith(`${name}/`));
      const page = pages[id];
      if (!registered || !page) throw new Error(`no remote serves ${id}`);
      return { default: page };
    });
  });
}

async function startWith(answer: () => Promise<unknown>) {
  const fetchManifest = jest.fn(answer) as unknown as typeof fetch;
  const { start, connectRemotes } = await freshShell();
  // What main.ts does, at the home page.
  await act(() => start(connectRemotes(fetchRemoteManifest(fetchManifest))));
}

beforeEach(() => {
  document.body.innerHTML = '<div id="root"></div>';
  loadRemote.mockReset();
  registerRemotes.mockReset();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => jest.restoreAllMocks());

describe('start-up', () => {
  it('registers the remotes of /mf/remotes.json and loads the home page from the catalog', async () => {
    runtimeServing({ 'catalog/HomePage': () => <h1>Latest Products</h1> });

    await startWith(async () => ({ ok: true, json: async () => ({ catalog: '/mf/catalog/3f9a1c2b7d/remoteEntry.js' }) }));

    expect(registerRemotes).toHaveBeenCalledWith([{ name: 'catalog', entry: 'http://localhost/mf/catalog/3f9a1c2b7d/remoteEntry.js' }]);
    expect(await screen.findByRole('heading', { name: 'Latest Products' })).toBeInTheDocument();
  });

  describe('the first page', () => {
    let arrive: () => void;
    const manifest = jest.fn(async () => ({ ok: true, json: async () => ({ catalog: '/mf/catalog/3f9a1c2b7d/remoteEntry.js' }) }));

    beforeEach(() => {
      registerRemotes.mockImplementation(() => {
        loadRemote.mockImplementation(
          () => new Promise((resolve) => (arrive = () => resolve({ default: () => <h1>Latest Products</h1> }))),
        );
      });
    });

    const pause = (ms: number) => act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)));

    it('renders with the frame once its module is in, never through a placeholder', async () => {
      const placeholders: Element[] = [];
      const watch = new MutationObserver(() => placeholders.push(...document.querySelectorAll('[aria-busy="true"]')));
      watch.observe(document.body, { subtree: true, childList: true, attributes: true });
      const { start, connectRemotes } = await freshShell();
      const started = start(connectRemotes(fetchRemoteManifest(manifest as unknown as typeof fetch)));
      await pause(20);
      expect(screen.queryByRole('main')).not.toBeInTheDocument();

      arrive();
      await act(() => started);

      expect(await screen.findByRole('heading', { name: 'Latest Products' })).toBeInTheDocument();
      watch.disconnect();
      expect(placeholders).toEqual([]);
    });

    it('does not hold the frame back longer than the wait: a slow page comes in its placeholder', async () => {
      const { start, connectRemotes } = await freshShell();
      await act(() => start(connectRemotes(fetchRemoteManifest(manifest as unknown as typeof fetch)), { firstPageWaitMs: 20 }));

      expect(await screen.findByRole('main')).toBeInTheDocument();
      expect(document.querySelector('[aria-busy="true"]')).not.toBeNull();

      arrive();
      expect(await screen.findByRole('heading', { name: 'Latest Products' })).toBeInTheDocument();
    });
  });

  it('still renders the shell with the notice when /mf/remotes.json is missing', async () => {
    runtimeServing({ 'catalog/HomePage': () => <h1>Latest Products</h1> });

    await startWith(async () => ({ ok: false, status: 404, json: async () => ({ message: 'Not Found' }) }));

    expect(registerRemotes).toHaveBeenCalledWith([]);
    expect(await screen.findByRole('alert')).toHaveTextContent('This part of the shop is unavailable right now');
    expect(screen.getByRole('contentinfo')).toHaveTextContent('Copyright © ProShop');
  });

  it('still renders the shell with the notice when the gateway cannot be reached', async () => {
    runtimeServing({ 'catalog/HomePage': () => <h1>Latest Products</h1> });

    await startWith(async () => {
      throw new TypeError('Failed to fetch');
    });

    expect(await screen.findByRole('alert')).toHaveTextContent('This part of the shop is unavailable right now');
    expect(screen.getByRole('main')).toBeInTheDocument();
  });
});
