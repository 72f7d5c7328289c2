import { connect } from 'node:net';
import pg from 'pg';

/** Does a PostgreSQL server answer at this URL? */
export async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Does anything accept TCP connections at host:port? */
export function portAnswers(host: string, port: number, timeoutMs = 1_000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/**
 * Polls an HTTP URL until it answers 200, or gives up after `timeoutMs`; then
 * answers why, as the last answer's `{ message }` said it (a service's /ready
 * names what is missing: the database, NATS, the event stream, a consumer).
 */
export async function waitForOk(url: string, timeoutMs: number, stillRunning: () => boolean): Promise<{ ok: true } | { ok: false; reason: string }> {
  const until = Date.now() + timeoutMs;
  let reason = 'it did not answer';
  while (Date.now() < until && stillRunning()) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return { ok: true };
      const body = (await res.json().catch(() => undefined)) as { message?: unknown } | undefined;
      reason = typeof body?.message === 'string' ? body.message : `it answered ${res.status}`;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { ok: false, reason };
}
