import { hash, type Algorithm } from '@node-rs/argon2';
import type { UsersConfig } from '../config.js';
import { ShopMetrics } from '@shop/service-kit';
import { PasswordChecksBusy, PasswordHasher } from './password-hasher.service.js';

/** A hasher with one place and a bound of 5 s, started (its dummy hash made). */
async function startedHasher(): Promise<PasswordHasher> {
  const hasher = new PasswordHasher({ PASSWORD_HASH_CONCURRENCY: 1, PASSWORD_HASH_MAX_WAIT_MS: 5_000 } as UsersConfig, new ShopMetrics());
  await hasher.onModuleInit();
  return hasher;
}

describe('PasswordHasher', () => {
  it('counts what a request waited before the queue against the bound: one that arrived 6 s ago is refused rather than queued', async () => {
    const hasher = await startedHasher();
    const running = hasher.hash('first-secret-1', { client: '10.0.0.1' });
    await expect(hasher.hash('late-secret-1', { client: '10.0.0.2', arrivedAt: performance.now() - 6_000 })).rejects.toBeInstanceOf(PasswordChecksBusy);
    // One that arrived just now waits its turn.
    await expect(hasher.hash('fresh-secret-1', { client: '10.0.0.3', arrivedAt: performance.now() })).resolves.toMatch(/^\$argon2id\$/);
    await running;
  });

  it('starts work that finds a place free, however long its request waited before', async () => {
    const hasher = await startedHasher();
    await expect(hasher.hash('late-secret-1', { client: '10.0.0.2', arrivedAt: performance.now() - 60_000 })).resolves.toMatch(/^\$argon2id\$/);
  });

  it('keeps the bound when the estimate was wrong: work whose turn comes after it is refused then, not run', async () => {
    const hasher = await startedHasher();
    // A stored hash made with 256 MiB takes far longer to check than the typical run the estimate uses.
    const slowHash = await hash('slow-secret-1', { algorithm: 2 as Algorithm, memoryCost: 262_144, timeCost: 3, parallelism: 1 });
    const slow = hasher.matches(slowHash, 'slow-secret-1');
    // 4.9 s after its arrival, one typical run ahead: admitted, but its turn comes past 5 s.
    const late = hasher.hash('late-secret-1', { arrivedAt: performance.now() - 4_900 });
    await expect(late).rejects.toBeInstanceOf(PasswordChecksBusy);
    await expect(slow).resolves.toBe(true);
  });

  it('answers Retry-After with the wait it expects in the queue, at least a second', async () => {
    const hasher = await startedHasher();
    const running = hasher.hash('first-secret-1');
    const refused = await hasher.hash('late-secret-1', { arrivedAt: performance.now() - 6_000 }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PasswordChecksBusy);
    expect((refused as PasswordChecksBusy).retryAfterSeconds).toBe(1);
    await running;
  });

  it('tells how long the work waited for its turn and ran', async () => {
    const hasher = await startedHasher();
    const timings = new Map<string, { waitedMs: number; ranMs: number }>();
    const first = hasher.hash('first-secret-1', { timed: (timing) => timings.set('first', timing) });
    const second = hasher.hash('second-secret-1', { timed: (timing) => timings.set('second', timing) });
    await Promise.all([first, second]);
    const [one, two] = [timings.get('first'), timings.get('second')];
    expect(one?.ranMs).toBeGreaterThan(0);
    expect(two?.ranMs).toBeGreaterThan(0);
    // One place: the second waited while the first ran.
    expect(two?.waitedMs).toBeGreaterThan(one?.waitedMs ?? Infinity);
  });
});
