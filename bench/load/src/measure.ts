/**
 * Where the work of a run went: CPU of each process (which one is the bottleneck), PostgreSQL commits
 * in the instance's databases and JetStream messages in its stream, read before and after the run.
 */
import { cpus } from 'node:os';
import pg from 'pg';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { streamNameOf } from '@shop/contracts';
import { TEST_DATABASE_URL, TEST_NATS_URL } from '@shop/testing';
import { cpuShares, ownCpuSeconds, shopProcesses, type PartFigures } from './processes.js';
import { formatTable } from './stats.js';

interface Reading {
  at: number;
  parts: PartFigures[];
  benchCpu: number;
  commits: Map<string, number>;
  messages: number;
}

async function commitsOf(prefix: string): Promise<Map<string, number>> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string; commits: string }>(
      `SELECT datname, xact_commit AS commits FROM pg_stat_database WHERE datname LIKE $1`,
      [`${prefix}\\_%`],
    );
    return new Map(rows.map((row) => [row.datname.slice(prefix.length + 1), Number(row.commits)]));
  } finally {
    await client.end();
  }
}

async function messagesOf(prefix: string): Promise<number> {
  const nc = await connect({ servers: TEST_NATS_URL });
  try {
    const jsm = await jetstreamManager(nc);
    return (await jsm.streams.info(streamNameOf(prefix))).state.messages;
  } finally {
    await nc.close();
  }
}

/**
 * CPU times now; commits and messages once `settle` is done (stop the load there and let what is under
 * way finish: PostgreSQL backends report their counts to the statistics system up to a second late, and
 * events of the last units may still be on their way), so that they count the work of the units measured
 * and of no unit begun after them.
 */
export async function takeReading(launcherPid: number, prefix: string, settle?: () => Promise<void>): Promise<Reading> {
  const at = performance.now();
  const parts = shopProcesses(launcherPid, prefix);
  const benchCpu = ownCpuSeconds();
  await settle?.();
  const [commits, messages] = await Promise.all([commitsOf(prefix), messagesOf(prefix)]);
  return { at, parts, benchCpu, commits, messages };
}

/** Prints what one unit of work (an order, a request) cost in CPU, commits and messages; answers commits per unit by database and messages per unit. */
export function printCosts(before: Reading, after: Reading, units: number, unitName: string): { commits: Map<string, number>; messages: number } {
  const seconds = (after.at - before.at) / 1000;
  const shares = cpuShares(before.parts, after.parts, seconds);
  shares.push({ part: 'load generator (this bench)', percent: ((after.benchCpu - before.benchCpu) / seconds) * 100 });
  shares.sort((a, b) => b.percent - a.percent);
  console.log(`\nCPU over ${seconds.toFixed(1)} s (100 % = one core; the machine has ${cpus().length}):`);
  console.log(formatTable(['process', 'CPU %'], shares.map((share) => [share.part, share.percent.toFixed(0)])));
  const commitRows = [...after.commits].map(([database, count]) => {
    const delta = count - (before.commits.get(database) ?? 0);
    return [database, delta, units > 0 ? (delta / units).toFixed(2) : '-'];
  });
  console.log(`\nPostgreSQL commits and JetStream messages per ${unitName} (${units} ${unitName}s):`);
  const messages = after.messages - before.messages;
  console.log(
    formatTable(
      ['where', 'total', `per ${unitName}`],
      [...commitRows, ['JetStream messages', messages, units > 0 ? (messages / units).toFixed(2) : '-']],
    ),
  );
  const perUnit = (count: number) => (units > 0 ? count / units : NaN);
  return {
    commits: new Map([...after.commits].map(([database, count]) => [database, perUnit(count - (before.commits.get(database) ?? 0))])),
    messages: perUnit(messages),
  };
}
