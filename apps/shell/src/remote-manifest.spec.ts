import { jest } from '@jest/globals';
import { fetchRemoteManifest, REMOTE_MANIFEST_URL, remoteManifestOfPage } from './remote-manifest.js';

/** A fetch answering like the gateway would (jsdom has no Response, so only what the code reads). */
function answering(status: number, body: unknown): typeof fetch {
  const json = async () => (typeof body === 'string' ? JSON.parse(body) : body);
  return jest.fn(async () => ({ ok: status >= 200 && status < 300, status, json })) as unknown as typeof fetch;
}

describe('fetchRemoteManifest', () => {
  it('reads where each remote lives from the manifest the gateway serves', async () => {
    const fetchManifest = answering(200, { catalog: '/mf/catalog/3f9a1c2b7d/remoteEntry.js', checkout: '/mf/checkout/9d8c7b6a5f/remoteEntry.js' });

    await expect(fetchRemoteManifest(fetchManifest)).resolves.toEqual({
      catalog: '/mf/catalog/3f9a1c2b7d/remoteEntry.js',
      checkout: '/mf/checkout/9d8c7b6a5f/remoteEntry.js',
    });
    expect(fetchManifest).toHaveBeenCalledWith(REMOTE_MANIFEST_URL, expect.anything());
  });

  it('gives no remotes when the manifest is missing', async () => {
    await expect(fetchRemoteManifest(answering(404, { message: 'Not Found' }))).resolves.toEqual({});
  });

  it('gives no remotes when the gateway cannot be reached', async () => {
    const unreachable = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;

    await expect(fetchRemoteManifest(unreachable)).resolves.toEqual({});
  });

  it('gives no remotes when the manifest is not JSON', async () => {
    await expect(fetchRemoteManifest(answering(200, '<html>'))).resolves.toEqual({});
  });

  it('ignores entries that are not addresses', async () => {
    const fetchManifest = answering(200, { catalog: '/mf/catalog/3f9a1c2b7d/remoteEntry.js', checkout: 42, admin: '' });

    await expect(fetchRemoteManifest(fetchManifest)).resolves.toEqual({ catalog: '/mf/catalog/3f9a1c2b7d/remoteEntry.js' });
  });

  it('gives no remotes when the manifest is a list', async () => {
    await expect(fetchRemoteManifest(answering(200, ['/mf/catalog/3f9a1c2b7d/remoteEntry.js']))).resolves.toEqual({});
  });
});

describe('remoteManifestOfPage', () => {
  function pageWith(html: string): Document {
    const page = document.implementation.createHTMLDocument('shop');
    page.body.innerHTML = html;
    return page;
  }

  it('reads the list the gateway wrote into index.html, without a request', async () => {
    const page = pageWith('<script type="application/json" id="shop-remotes">{"catalog":"/mf/catalog/3f9a1c2b7d/remoteEntry.js"}</script>');
    const fetchManifest = answering(200, {});

    await expect(remoteManifestOfPage(page, fetchManifest)).resolves.toEqual({ catalog: '/mf/catalog/3f9a1c2b7d/remoteEntry.js' });
    expect(fetchManifest).not.toHaveBeenCalled();
  });

  it('asks the gateway when the page has no list, or a garbled one', async () => {
    for (const html of ['<div id="root"></div>', '<script type="application/json" id="shop-remotes">{not json</script>']) {
      const fetchManifest = answering(200, { checkout: '/mf/checkout/9d8c7b6a5f/remoteEntry.js' });

      await expect(remoteManifestOfPage(pageWith(html), fetchManifest)).resolves.toEqual({ checkout: '/mf/checkout/9d8c7b6a5f/remoteEntry.js' });
      expect(fetchManifest).toHaveBeenCalledWith(REMOTE_MANIFEST_URL, expect.anything());
    }
  });
});
