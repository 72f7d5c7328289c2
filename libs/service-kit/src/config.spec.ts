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

  it('uses an explicit database name as is', () => {
    expect(databaseNameOf({ INSTANCE_PREFIX: 'shop', DATABASE_NAME: 'postgres' }, 'users')).toBe('postgres');
  });
});
