import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { streamNameOf } from '@shop/contracts';

/** PostgreSQL server tests use (its maintenance database); TEST_DATABASE_URL overrides it. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** NATS server tests use; TEST_NATS_URL overrides it. */
export const TEST_NATS_URL = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';

/**
 * A fresh instance prefix for one test file: every database, stream, consumer
 * and upload folder of the run derives from it, so runs never collide with
 * each other or with a running shop.
 */
export function testPrefix(): string {
  return `t${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
}

/** Drops every database of the instance (`{prefix}_*`). */
export async function dropDatabases(prefix: string, serverUrl = TEST_DATABASE_URL): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE $1`,
      [`${prefix}\\_%`],
    );
    for (const { datname } of rows) {
      await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    }
  } finally {
    await client.end();
  }
}

/** Deletes the instance's stream (and with it its consumers). */
export async function deleteStream(prefix: string, natsUrl = TEST_NATS_URL): Promise<void> {
  const nc = await connect({ servers: natsUrl });
  try {
    const jsm = await jetstreamManager(nc);
    await jsm.streams.delete(streamNameOf(prefix)).catch(() => false);
  } finally {
    await nc.close();
  }
}

/** What a test reads of an instance's event stream: its copies, the node leading it, and its messages. */
export interface StreamState {
  replicas: number;
  /** The server name of the node leading it (on a cluster). */
  leader?: string;
  messages: number;
  firstSeq: number;
  lastSeq: number;
}

/** Reads the instance's event stream as `user` (a NATS server with users) sees it. */
export async function streamStateOf(prefix: string, natsUrl = TEST_NATS_URL, user?: { user: string; pass: string }): Promise<StreamState> {
  const nc = await connect({ servers: natsUrl.split(','), ...user });
  try {
    const jsm = await jetstreamManager(nc);
    const info = await jsm.streams.info(streamNameOf(prefix));
    return {
      replicas: info.config.num_replicas,
      leader: info.cluster?.leader,
      messages: info.state.messages,
      firstSeq: info.state.first_seq,
      lastSeq: info.state.last_seq,
    };
  } finally {
    await nc.close();
  }
}

/** Polls `probe` until it returns a value other than undefined, or fails after `timeoutMs`. */
export async function eventually<T>(probe: () => Promise<T | undefined>, timeoutMs = 10_000, what = 'condition'): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
