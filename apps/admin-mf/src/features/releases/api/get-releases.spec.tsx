import { describe, expect, it, jest } from '@jest/globals';
import { act, waitFor } from '@testing-library/react';
import { anAdmin, renderHookWithClient } from '@shop/web-testing';
import { aReleasesStatus } from '../../../testing/releases.js';
import { RELEASES_REFRESH_MS, useReleases } from './get-releases.js';
import { releaseKeys } from './releases-status.js';

afterEach(() => {
  jest.useRealTimers();
});

describe('useReleases', () => {
  it('waits while signed out, then reads /api/releases with the bearer token', async () => {
    const status = aReleasesStatus();
    const { result, store, calls, queryClient } = renderHookWithClient(() => useReleases(), { routes: { 'GET /api/releases': { json: status } } });
    expect(result.current.fetchStatus).toBe('idle');
    expect(calls).toHaveLength(0);

    act(() => store.signIn(anAdmin));

    await waitFor(() => expect(result.current.data).toEqual(status));
    expect(calls.map((call) => call.url)).toEqual(['/api/releases']);
    expect(calls[0]?.headers.get('Authorization')).toBe(`Bearer ${anAdmin.token}`);
    expect(queryClient.getQueryData(releaseKeys.status())).toEqual(status);
  });

  it('reads the status again every 10 s', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    let percent = 10;
    const { result, calls } = renderHookWithClient(() => useReleases(), { user: anAdmin, routes: { 'GET /api/releases': () => ({ json: aReleasesStatus(percent) }) } });
    await waitFor(() => expect(result.current.data?.remotes[0]?.canary?.percent).toBe(10));
    percent = 50;

    expect(calls).toHaveLength(1);

    await act(() => jest.advanceTimersByTimeAsync(RELEASES_REFRESH_MS));

    await waitFor(() => expect(result.current.data?.remotes[0]?.canary?.percent).toBe(50));
    expect(calls).toHaveLength(2);
  });

  it("fails with the server's message for a non-admin", async () => {
    const { result } = renderHookWithClient(() => useReleases(), {
      user: anAdmin,
      routes: { 'GET /api/releases': { status: 403, json: { message: 'Not authorized as an admin' } } },
    });
    await waitFor(() => expect(result.current.error?.message).toBe('Not authorized as an admin'));
  });
});
