import { Readiness } from './readiness.js';

describe('Readiness', () => {
  it('is ready only when every check passes, and reports each', async () => {
    const readiness = new Readiness();
    readiness.register('database', async () => undefined);
    readiness.register('nats', async () => {
      throw new Error('down');
    });
    await expect(readiness.report()).resolves.toEqual({
      ready: false,
      checks: { database: 'ok', nats: 'down' },
      reasons: { nats: 'down' },
    });
  });

  it('counts a check that hangs as down', async () => {
    const readiness = new Readiness();
    readiness.register('slow', () => new Promise(() => undefined));
    await expect(readiness.report(50)).resolves.toEqual({
      ready: false,
      checks: { slow: 'down' },
      reasons: { slow: 'timed out' },
    });
  });
});
