import { ConfigError } from '@shop/service-kit';
import { loadOrdersConfig, PAYPAL_SDK, STAND_IN_API, STAND_IN_CLIENT } from './config.js';

const problemsOf = (env: Record<string, string>): string[] => {
  try {
    loadOrdersConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems.map((problem) => problem.split(':')[0]).sort();
    throw error;
  }
  return [];
};

describe('orders configuration', () => {
  it('listens on 3003 and pays through the local PayPal stand-in by default outside production', () => {
    const config = loadOrdersConfig({});
    expect(config.PORT).toBe(3003);
    expect(config.paypal).toEqual({
      apiBase: STAND_IN_API,
      clientId: STAND_IN_CLIENT.id,
      clientSecret: STAND_IN_CLIENT.secret,
      sdkUrl: `${STAND_IN_API}/sdk/js`,
      timeoutMs: 10_000,
    });
  });

  it("loads PayPal's own script for PayPal's sandbox and live APIs", () => {
    const credentials = { PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret' };
    for (const api of ['https://api-m.sandbox.paypal.com', 'https://api-m.paypal.com/']) {
      const { paypal } = loadOrdersConfig({ PAYPAL_API_BASE: api, ...credentials });
      expect(paypal.sdkUrl).toBe(PAYPAL_SDK);
      expect(paypal.apiBase).not.toMatch(/\/$/);
    }
    const custom = loadOrdersConfig({ PAYPAL_API_BASE: 'https://api-m.paypal.com', PAYPAL_SDK_URL: 'https://cdn.example.com/sdk/js', ...credentials });
    expect(custom.paypal.sdkUrl).toBe('https://cdn.example.com/sdk/js');
  });

  it('requires the PayPal address and credentials in production', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual(['PAYPAL_API_BASE', 'PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET']);
  });

  it('requires credentials for an explicitly configured PayPal API', () => {
    expect(problemsOf({ PAYPAL_API_BASE: 'https://api-m.sandbox.paypal.com' })).toEqual(['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET']);
  });

  it('refuses a PayPal address that is not http(s)', () => {
    expect(problemsOf({ PAYPAL_API_BASE: 'ftp://paypal.example.com', PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret' })).toEqual([
      'PAYPAL_API_BASE',
    ]);
  });
});
