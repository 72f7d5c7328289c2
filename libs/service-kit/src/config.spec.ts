import { z } from 'zod';
import { ConfigError, databaseNameOf, loadConfig, serviceSettings } from './config.js';

describe('loadConfig', () => {
  it('applies the defaults when nothing is set', () => {
    const config = loadConfig(serviceSettings, {});
    expect(config).toMatchObject({
      INSTANCE_PREFIX: 'shop',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres',
      NATS_URL: 'nats://127.0.0.1:4222',
      LOG_LEVEL: 'info',
    });
    expect(databaseNameOf(config, 'catalog')).toBe('shop_catalog');
  });

  it('lists every bad setting at once', () => {
    const shape = { ...serviceSettings, PORT: z.coerce.number().int().min(1) };
    let caught: unknown;
    try {
      loadConfig(shape, { PORT: 'abc', INSTANCE_PREFIX: 'Bad-Prefix', NATS_URL: 'http://x', LOG_LEVEL: 'loud' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const problems = (caught as ConfigError).problems.map((p) => p.split(':')[0]).sort();
    expect(problems).toEqual(['INSTANCE_PREFIX', 'LOG_LEVEL', 'NATS_URL', 'PORT']);
    expect((caught as ConfigError).message).toContain('Invalid configuration');
  });

  it('reads TRUST_PROXY as a list of addresses, CIDRs and names, and refuses anything else', () => {
    expect(loadConfig(serviceSettings, {}).TRUST_PROXY).toEqual(['loopback']);
    expect(loadConfig(serviceSettings, { TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,loopback' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '192.168.1.7', 'loopback']);
    for (const TRUST_PROXY of ['everyone', '10.0.0.0/99', ' , ']) {
      expect(() => loadConfig(serviceSettings, { TRUST_PROXY })).toThrow(
        'TRUST_PROXY: must be addresses, CIDRs or loopback/linklocal/uniquelocal separated by commas',
      );
    }
  });

  it('uses an explicit database name as is', () => {
    expect(databaseNameOf({ INSTANCE_PREFIX: 'shop', DATABASE_NAME: 'postgres' }, 'users')).toBe('postgres');
  });
});
