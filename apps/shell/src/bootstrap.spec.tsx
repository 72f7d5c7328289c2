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

/** The header's search box part of catalog (docs/shell.md), which the header loads on every page. */
const SEARCH_BOX_PART = 'catalog/SearchBox';
const searchBoxPart = () => <form role="search" aria-label="Catalog search" />;

/** The MF runtime knows only the remotes registered with it, as the real one does. */
function runtimeServing(pages: Record<string, () => unknown>) {
  registerRemotes.mockImplementation((remotes) => {
    loadRemote.mockImplementation(async (id) => {
      const registered = remotes.some(({ name }) => id.startsWith(`${name}/`));
      const page = pages[id] ?? (id === SEARCH_BOX_PART ? searchBoxPart : undefined);
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
        loadRemote.mockImplementation((id) =>
          id === SEARCH_BOX_PART
            ? Promise.resolve({ default: searchBoxPart })
            : new Promise((resolve) => (arrive = () => resolve({ default: () => <h1>Latest Products</h1> }))),
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

  describe("the first page's answers", () => {
    const products = [{ _id: 'p1', name: 'Phone', image: '/images/phone.jpg', price: 599.99 }];
    const manifest = async () => ({ ok: true, json: async () => ({ catalog: '/mf/catalog/3f9a1c2b7d/remoteEntry.js' }) });

    /**
     * A home page that, as the catalog's does, shows 'Loading' until its query has the top products.
     * Its shop-client is the fresh shell's (freshShell resets the module registry).
     */
    async function shellWithTopProducts() {
      const shell = await freshShell();
      const { apiGet, useShopQuery } = await import('@shop/shop-client');
      function TopProducts() {
        const { data } = useShopQuery({ queryKey: ['products', 'top'], get: apiGet('/api/products/top') });
        return data ? <h1>{data.map((product) => product.name).join(', ')}</h1> : <p>Loading</p>;
      }
      runtimeServing({ 'catalog/HomePage': () => <TopProducts /> });
      return shell;
    }

    function answering(answer: () => Promise<Response>) {
      const calls: string[] = [];
      globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
        calls.push(String(input));
        return answer();
      }) as unknown as typeof fetch;
      return calls;
    }

    const json = (body: unknown) => ({ ok: true, status: 200, headers: new Headers({ 'Content-Type': 'application/json' }), text: async () => JSON.stringify(body) }) as Response;

    beforeEach(() => {
      // The hints the gateway writes into index.html from the catalog build's page-files.json.
      document.head.innerHTML =
        '<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/products/top">' +
        '<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/products?pageNumber=1">';
    });

    afterEach(() => {
      document.head.innerHTML = '';
      delete (globalThis as { fetch?: unknown }).fetch;
    });

    it('renders the page with them at once, never through its loading state, and asks for each once', async () => {
      const { start, connectRemotes } = await shellWithTopProducts();
      const calls = answering(async () => json(products));
      const seen: string[] = [];
      const watch = new MutationObserver(() => seen.push(document.body.textContent ?? ''));
      watch.observe(document.body, { subtree: true, childList: true, characterData: true });

      await act(() => start(connectRemotes(fetchRemoteManifest(manifest as unknown as typeof fetch))));

      expect(await screen.findByRole('heading', { name: 'Phone' })).toBeInTheDocument();
      watch.disconnect();
      expect(seen.some((text) => text.includes('Loading'))).toBe(false);
      // '/api/products?pageNumber=1' answers no hook here; the top products were asked for once.
      expect(calls.filter((url) => url === '/api/products/top')).toHaveLength(1);
    });

    it('does not wait long for a slow answer: the page renders its loading state and takes over', async () => {
      const { start, connectRemotes } = await shellWithTopProducts();
      let reply: () => void = () => undefined;
      answering(() => new Promise<Response>((resolve) => (reply = () => resolve(json(products)))));

      await act(() => start(connectRemotes(fetchRemoteManifest(manifest as unknown as typeof fetch)), { firstAnswersWaitMs: 20 }));

      expect(await screen.findByText('Loading')).toBeInTheDocument();
      await act(async () => reply());
      expect(await screen.findByRole('heading', { name: 'Phone' })).toBeInTheDocument();
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
