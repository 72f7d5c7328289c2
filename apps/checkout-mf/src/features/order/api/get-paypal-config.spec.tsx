import { describe, expect, it, jest } from '@jest/globals';
import { waitFor } from '@testing-library/react';
import { renderHookWithClient } from '@shop/web-testing';
import { usePayPalConfig } from './get-paypal-config.js';

const config = { clientId: 'client-1', sdkUrl: 'https://www.paypal.com/sdk/js', currency: 'USD' as const };

describe('usePayPalConfig', () => {
  it('reads the config once, whoever asks for it, and keeps it for the life of the page', async () => {
    const { result, rerender, calls } = renderHookWithClient(() => [usePayPalConfig(), usePayPalConfig()], { routes: { 'GET /api/config/paypal': { json: config } } });

    await waitFor(() => expect(result.current[0].data).toEqual(config));
    expect(result.current[1].data).toEqual(config);
    expect(calls.map((call) => [call.method, call.url])).toEqual([['GET', '/api/config/paypal']]);

    // An hour later, well past the shop's usual 30 s, it is still fresh.
    const now = Date.now();
    const clock = jest.spyOn(Date, 'now').mockReturnValue(now + 60 * 60_000);
    try {
      rerender();
      expect(result.current[0].isStale).toBe(false);
    } finally {
      clock.mockRestore();
    }
  });
});
