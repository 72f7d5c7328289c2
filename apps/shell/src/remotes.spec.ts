import { jest } from '@jest/globals';

const loadRemote = jest.fn<(id: string) => Promise<unknown>>();
const registerRemotes = jest.fn();
jest.unstable_mockModule('@module-federation/enhanced/runtime', () => ({ loadRemote, registerRemotes }));

const { forgetFailedLoad, isRemoteLoadFailure, loadedRemotePage, loadRemoteModule, loadRemotePage, onRemoteLoadFailure, registerShopRemotes, registeredBuildOf } =
  await import('./remotes.js');

function HomePage() {
  return null;
}

beforeEach(() => {
  loadRemote.mockReset();
  registerRemotes.mockReset();
});

describe('registerShopRemotes', () => {
  it('registers each remote of the manifest at its absolute manifest address', () => {
    registerShopRemotes(
      { catalog: '/mf/catalog/3f9a1c2b7d/remoteEntry.js', admin: 'https://cdn.example.com/admin/v7/remoteEntry.js' },
      'http://localhost:3000/search/phone',
    );

    expect(registerRemotes).toHaveBeenCalledWith([
      { name: 'catalog', entry: 'http://localhost:3000/mf/catalog/3f9a1c2b7d/remoteEntry.js' },
      { name: 'admin', entry: 'https://cdn.example.com/admin/v7/remoteEntry.js' },
    ]);
  });

  it('tells the build each remote runs from its registered address, none for a dev server', () => {
    registerShopRemotes(
      { catalog: '/mf/catalog/3f9a1c2b7d/remoteEntry.js', checkout: 'http://localhost:3012/remoteEntry.js' },
      'http://localhost:3000/',
    );

    expect(registeredBuildOf('catalog')).toBe('3f9a1c2b7d');
    expect(registeredBuildOf('checkout')).toBeUndefined();
    expect(registeredBuildOf('unknown')).toBeUndefined();
  });

  it('skips an entry that is no address', () => {
    registerShopRemotes({ catalog: 'http://[broken' }, 'http://localhost:3000/');

    expect(registerRemotes).toHaveBeenCalledWith([]);
  });
});

describe('loadRemotePage', () => {
  it('loads the page module the remote exposes', async () => {
    loadRemote.mockResolvedValue({ default: HomePage });

    await expect(loadRemotePage({ remote: 'catalog', module: 'HomePage' })).resolves.toEqual({ default: HomePage });
    expect(loadRemote).toHaveBeenCalledWith('catalog/HomePage');
  });

  it('shares one load between the routes that ask for the same page', async () => {
    loadRemote.mockResolvedValue({ default: HomePage });

    const page = { remote: 'catalog', module: 'ProductPage' } as const;
    await Promise.all([loadRemotePage(page), loadRemotePage(page)]);

    expect(loadRemote).toHaveBeenCalledTimes(1);
  });

  it('fails when the remote has no such page, stays failed, and tries again once the failure is forgotten', async () => {
    loadRemote.mockResolvedValueOnce(null).mockResolvedValueOnce({ default: HomePage });
    const page = { remote: 'checkout', module: 'CartPage' } as const;

    await expect(loadRemotePage(page)).rejects.toThrow('checkout/CartPage');
    await expect(loadRemotePage(page)).rejects.toThrow('checkout/CartPage');
    expect(loadRemote).toHaveBeenCalledTimes(1);

    forgetFailedLoad(page);
    await expect(loadRemotePage(page)).resolves.toEqual({ default: HomePage });
  });

  it('keeps a loaded page when asked to forget a failure', async () => {
    loadRemote.mockResolvedValue({ default: HomePage });
    const page = { remote: 'checkout', module: 'LoginPage' } as const;
    await loadRemotePage(page);

    forgetFailedLoad(page);

    expect(loadedRemotePage(page)).toEqual({ default: HomePage });
    await loadRemotePage(page);
    expect(loadRemote).toHaveBeenCalledTimes(1);
  });
});

describe('a release while the page is open (skew protection)', () => {
  const manifestAnswering = (manifest: Record<string, string>) => {
    globalThis.fetch = jest.fn(async () => ({ ok: true, json: async () => manifest })) as unknown as typeof fetch;
  };

  afterEach(() => {
    delete (globalThis as { fetch?: unknown }).fetch;
  });

  it("loads a page from the remote's current build when the build the page started with is gone", async () => {
    registerShopRemotes({ catalog: '/mf/catalog/aaaaaaaaaa/remoteEntry.js' }, window.location.href);
    registerRemotes.mockClear();
    manifestAnswering({ catalog: '/mf/catalog/bbbbbbbbbb/remoteEntry.js' });
    loadRemote.mockRejectedValueOnce(new Error('Loading chunk 309 failed')).mockResolvedValueOnce({ default: HomePage });

    // A page of the catalog this page had not loaded yet.
    await expect(loadRemotePage({ remote: 'catalog', module: 'ReleasedLaterPage' })).resolves.toEqual({ default: HomePage });

    expect(registerRemotes).toHaveBeenCalledWith([{ name: 'catalog', entry: new URL('/mf/catalog/bbbbbbbbbb/remoteEntry.js', window.location.href).href }], { force: true });
    expect(loadRemote).toHaveBeenCalledTimes(2);
    // What the page reports of the catalog from now on is the build it moved to.
    expect(registeredBuildOf('catalog')).toBe('bbbbbbbbbb');
  });

  it('fails as before when the remote runs the same build (it is down, not released)', async () => {
    registerShopRemotes({ checkout: '/mf/checkout/cccccccccc/remoteEntry.js' }, window.location.href);
    registerRemotes.mockClear();
    manifestAnswering({ checkout: '/mf/checkout/cccccccccc/remoteEntry.js' });
    loadRemote.mockRejectedValue(new Error('remote checkout is down'));

    await expect(loadRemotePage({ remote: 'checkout', module: 'PaymentPage' })).rejects.toThrow('remote checkout is down');

    expect(registerRemotes).not.toHaveBeenCalled();
    expect(loadRemote).toHaveBeenCalledTimes(1);
  });
});

describe('failed loads', () => {
  it('are told once per load, after the retry, with the error the load met, which says it is a load failure', async () => {
    registerShopRemotes({ admin: '/mf/admin/5e4d3c2b1a/remoteEntry.js' }, window.location.href);
    globalThis.fetch = jest.fn(async () => ({ ok: true, json: async () => ({ admin: '/mf/admin/5e4d3c2b1a/remoteEntry.js' }) })) as unknown as typeof fetch;
    const down = new Error('Failed to fetch /mf/admin/5e4d3c2b1a/remoteEntry.js');
    loadRemote.mockRejectedValue(down);
    const failures: Array<[string, unknown]> = [];
    const stop = onRemoteLoadFailure((remote, error) => failures.push([remote, error]));

    const page = { remote: 'admin', module: 'UserListPage' } as const;
    await Promise.all([expect(loadRemotePage(page)).rejects.toBe(down), expect(loadRemotePage(page)).rejects.toBe(down)]);
    await expect(loadRemoteModule('admin/OrderAdminActions')).rejects.toBe(down);
    stop();
    delete (globalThis as { fetch?: unknown }).fetch;

    expect(failures).toEqual([
      ['admin', down],
      ['admin', down],
    ]);
    expect(isRemoteLoadFailure(down)).toBe(true);
    expect(isRemoteLoadFailure(new Error('a page threw'))).toBe(false);
    expect(isRemoteLoadFailure('not an object')).toBe(false);
  });

  it('include a module that loaded with no page in it', async () => {
    loadRemote.mockResolvedValue({});
    const failures: string[] = [];
    const stop = onRemoteLoadFailure((remote) => failures.push(remote));

    await expect(loadRemotePage({ remote: 'catalog', module: 'EmptyPage' })).rejects.toThrow('no page to render');
    stop();

    expect(failures).toEqual(['catalog']);
  });
});
