import { ConfigError } from '@shop/service-kit';
import { loadGatewayConfig } from './config.js';

describe('gateway configuration', () => {
  it('has defaults for a gateway in front of services on the next ports', () => {
    expect(loadGatewayConfig({})).toMatchObject({
      PORT: 3000,
      CATALOG_URL: ['http://127.0.0.1:3001'],
      USERS_URL: ['http://127.0.0.1:3002'],
      ORDERS_URL: ['http://127.0.0.1:3003'],
      UPSTREAM_TIMEOUT_MS: 15_000,
      RATE_LIMIT_PER_MINUTE: 600,
      API_CACHE_MS: 500,
      PAYPAL_SDK_ORIGIN: [],
    });
  });

  it("takes a service's replicas as URLs separated by commas", () => {
    expect(loadGatewayConfig({ CATALOG_URL: 'http://10.0.0.1:3001, http://10.0.0.2:3001' }).CATALOG_URL).toEqual(['http://10.0.0.1:3001', 'http://10.0.0.2:3001']);
  });

  it('takes one or more PayPal origins', () => {
    expect(loadGatewayConfig({ PAYPAL_SDK_ORIGIN: 'https://www.paypal.com https://*.paypalobjects.com' }).PAYPAL_SDK_ORIGIN).toEqual([
      'https://www.paypal.com',
      'https://*.paypalobjects.com',
    ]);
  });

  it('lists every bad setting at once', () => {
    let error: unknown;
    try {
      loadGatewayConfig({
        CATALOG_URL: 'ftp://catalog',
        UPSTREAM_TIMEOUT_MS: 'soon',
        RATE_LIMIT_PER_MINUTE: '-1',
        API_CACHE_MS: 'briefly',
        PAYPAL_SDK_ORIGIN: "https://www.paypal.com 'unsafe-eval'",
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const setting of ['CATALOG_URL', 'UPSTREAM_TIMEOUT_MS', 'RATE_LIMIT_PER_MINUTE', 'API_CACHE_MS', 'PAYPAL_SDK_ORIGIN']) {
      expect(problems).toContain(setting);
    }
  });
});
