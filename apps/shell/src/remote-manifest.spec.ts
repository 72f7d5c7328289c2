import { jest } from '@jest/globals';
import { fetchRemoteManifest, REMOTE_MANIFEST_URL } from './remote-manifest.js';

/** A fetch answering like the gateway would (jsdom has no Response, so only what the code reads). */
function answering(status: number, body: unknown): typeof fetch {
  const json = async () => (typeof body === 'string' ? JSON.parse(body) : body);
  return jest.fn(async () => ({ ok: status >= 200 && status < 300, status, json })) as unknown as typeof fetch;
}

describe('fetchRemoteManifest', () => {
  it('reads where each remote lives from the manifest the gateway serves', async () => {
    const fetchManifest = answering(200, { catalog: '/mf/catalog/mf-manifest.json', checkout: '/mf/checkout/mf-manifest.json' });

    await expect(fetchRemoteManifest(fetchManifest)).resolves.toEqual({
      catalog: '/mf/catalog/mf-manifest.json',
      checkout: '/mf/checkout/mf-manifest.json',
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
    const fetchManifest = answering(200, { catalog: '/mf/catalog/mf-manifest.json', checkout: 42, admin: '' });

    await expect(fetchRemoteManifest(fetchManifest)).resolves.toEqual({ catalog: '/mf/catalog/mf-manifest.json' });
  });

  it('gives no remotes when the manifest is a list', async () => {
    await expect(fetchRemoteManifest(answering(200, ['/mf/catalog/mf-manifest.json']))).resolves.toEqual({});
  });
});
