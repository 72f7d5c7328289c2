import { jest } from '@jest/globals';

const loadRemote = jest.fn<(id: string) => Promise<unknown>>();
const registerRemotes = jest.fn();
const preloadRemote = jest.fn<(options: unknown[]) => Promise<void>>();
jest.unstable_mockModule('@module-federation/enhanced/runtime', () => ({ loadRemote, preloadRemote, registerRemotes }));

const { loadRemotePage, prefetchRemotePage, registerShopRemotes } = await import('./remotes.js');

function HomePage() {
  return null;
}

beforeEach(() => {
  loadRemote.mockReset();
  registerRemotes.mockReset();
  preloadRemote.mockReset();
});

describe('registerShopRemotes', () => {
  it('registers each remote of the manifest at its absolute manifest address', () => {
    registerShopRemotes(
      { catalog: '/mf/catalog/mf-manifest.json', admin: 'https://cdn.example.com/admin/mf-manifest.json' },
      'http://localhost:3000/search/phone',
    );

    expect(registerRemotes).toHaveBeenCalledWith([
      { name: 'catalog', entry: 'http://localhost:3000/mf/catalog/mf-manifest.json' },
      { name: 'admin', entry: 'https://cdn.example.com/admin/mf-manifest.json' },
    ]);
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

  it('fails when the remote has no such page, and tries again on the next call', async () => {
    loadRemote.mockResolvedValueOnce(null).mockResolvedValueOnce({ default: HomePage });
    const page = { remote: 'checkout', module: 'CartPage' } as const;

    await expect(loadRemotePage(page)).rejects.toThrow('checkout/CartPage');
    await expect(loadRemotePage(page)).resolves.toEqual({ default: HomePage });
  });
});

describe('prefetchRemotePage', () => {
  it("fetches the files of the remote's page ahead of rendering", () => {
    preloadRemote.mockResolvedValue(undefined);

    prefetchRemotePage({ remote: 'catalog', module: 'HomePage' });

    expect(preloadRemote).toHaveBeenCalledWith([{ nameOrAlias: 'catalog', exposes: ['./HomePage'] }]);
  });

  it('lets a failed prefetch pass quietly: the page itself shows the notice', async () => {
    preloadRemote.mockRejectedValue(new Error('Failed to fetch'));

    expect(() => prefetchRemotePage({ remote: 'admin', module: 'UserListPage' })).not.toThrow();
    await Promise.resolve();
  });
});
