import { get } from 'node:http';
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

/** One GET of `url`: its status and its body (the first 16 KB), or undefined when nothing answered within `timeoutMs`. */
function getOnce(url: string, timeoutMs: number): Promise<{ status: number; body: string } | undefined> {
  return new Promise((resolve) => {
    const request = get(url, { timeout: timeoutMs }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        if (body.length < 16_384) body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', () => resolve(undefined));
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(undefined));
  });
}

/** The `message` of a JSON error body, if it has one. */
function messageOf(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    return typeof parsed.message === 'string' ? parsed.message : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Polls an HTTP URL until it answers 200, or gives up after `timeoutMs`; then
 * answers why, as the last answer's `{ message }` said it (a service's /ready
 * names what is missing: the database, NATS, the event stream, a consumer).
 * With node:http rather than fetch: the launcher stays a small process, and
 * fetch (undici, with its WebAssembly HTTP parser) would keep ~11 MB in it.
 */
export async function waitForOk(url: string, timeoutMs: number, stillRunning: () => boolean): Promise<{ ok: true } | { ok: false; reason: string }> {
  const until = Date.now() + timeoutMs;
  let reason = 'it did not answer';
  while (Date.now() < until && stillRunning()) {
    const answer = await getOnce(url, 2_000);
    if (answer?.status === 200) return { ok: true };
    if (answer) reason = messageOf(answer.body) ?? `it answered ${answer.status}`;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { ok: false, reason };
}
