import { describe, expect, it } from '@jest/globals';
import { act, waitFor } from '@testing-library/react';
import { anAdmin, renderHookWithClient, type ApiRoutes } from '@shop/web-testing';
import { aReleasesStatus } from '../../../testing/releases.js';
import { useReleases } from './get-releases.js';
import { useRollbackRelease } from './rollback-release.js';

const withdrawn = { ...aReleasesStatus(), remotes: [{ ...aReleasesStatus().remotes[0]!, canary: null }] };

function renderRollback(rollback: ApiRoutes[string]) {
  return renderHookWithClient(() => ({ releases: useReleases(), rollback: useRollbackRelease() }), {
    user: anAdmin,
    routes: { 'GET /api/releases': { json: aReleasesStatus() }, 'POST /api/releases/catalog/rollback': rollback },
  });
}

describe('useRollbackRelease', () => {
  it('posts the roll back naming the build meant, and shows the status it answers without reading it again', async () => {
    const { result, calls } = renderRollback({ json: withdrawn });
    await waitFor(() => expect(result.current.releases.data?.remotes[0]?.canary).not.toBeNull());

    await act(() => result.current.rollback.mutateAsync({ remote: 'catalog', build: 'c3' }));

    await waitFor(() => expect(result.current.releases.data?.remotes[0]?.canary).toBeNull());
    const post = calls.find((call) => call.method === 'POST');
    expect(post).toMatchObject({ url: '/api/releases/catalog/rollback', body: { build: 'c3' } });
    expect(post?.headers.get('Authorization')).toBe(`Bearer ${anAdmin.token}`);
    expect(calls.filter((call) => call.method === 'GET')).toHaveLength(1);
  });

  it("fails with the server's message, and reads the status again", async () => {
    const { result, calls } = renderRollback({ status: 409, json: { message: 'Releases are fixed by MF_REMOTES' } });
    await waitFor(() => expect(result.current.releases.isSuccess).toBe(true));

    await act(() => result.current.rollback.mutateAsync({ remote: 'catalog', build: 'c3' }).catch(() => undefined));

    await waitFor(() => expect(result.current.rollback.error?.message).toBe('Releases are fixed by MF_REMOTES'));
    await waitFor(() => expect(calls.filter((call) => call.method === 'GET')).toHaveLength(2));
  });
});
