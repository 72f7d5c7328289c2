import { describe, expect, it } from '@jest/globals';
import { act, waitFor } from '@testing-library/react';
import { anAdmin, renderHookWithClient, type ApiRoutes } from '@shop/web-testing';
import { aReleasesStatus } from '../../../testing/releases.js';
import { useReleases } from './get-releases.js';
import { usePromoteRelease } from './promote-release.js';

function renderPromote(promote: ApiRoutes[string]) {
  const rendered = renderHookWithClient(() => ({ releases: useReleases(), promote: usePromoteRelease() }), {
    user: anAdmin,
    routes: { 'GET /api/releases': { json: aReleasesStatus(10) }, 'POST /api/releases/catalog/promote': promote },
  });
  return rendered;
}

describe('usePromoteRelease', () => {
  it('posts the new share and shows the status it answers without reading it again', async () => {
    const { result, calls } = renderPromote({ json: aReleasesStatus(50) });
    await waitFor(() => expect(result.current.releases.data?.remotes[0]?.canary?.percent).toBe(10));

    await act(() => result.current.promote.mutateAsync({ remote: 'catalog', percent: 50, build: 'c3' }));

    await waitFor(() => expect(result.current.releases.data?.remotes[0]?.canary?.percent).toBe(50));
    const post = calls.find((call) => call.method === 'POST');
    expect(post).toMatchObject({ url: '/api/releases/catalog/promote', body: { percent: 50, build: 'c3' } });
    expect(post?.headers.get('Authorization')).toBe(`Bearer ${anAdmin.token}`);
    expect(calls.filter((call) => call.method === 'GET')).toHaveLength(1);
  });

  it("fails with the server's message, and reads the status again", async () => {
    const { result, calls } = renderPromote({ status: 404, json: { message: 'catalog has no canary' } });
    await waitFor(() => expect(result.current.releases.isSuccess).toBe(true));

    await act(() => result.current.promote.mutateAsync({ remote: 'catalog', percent: 100, build: 'c3' }).catch(() => undefined));

    await waitFor(() => expect(result.current.promote.error?.message).toBe('catalog has no canary'));
    await waitFor(() => expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(['GET /api/releases', 'POST /api/releases/catalog/promote', 'GET /api/releases']));
  });
});
