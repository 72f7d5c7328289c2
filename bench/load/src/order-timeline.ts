/**
 * Where an order's time goes between placement and outcome, hop by hop: read after a run from the
 * JetStream stream (the time the server stored each event) and the orders database (when the order
 * was priced and when it left `pending`).
 */
import pg from 'pg';
import { connect } from '@nats-io/transport-node';
import { jetstream } from '@nats-io/jetstream';
import { streamNameOf, type EventEnvelope } from '@shop/contracts';
import { TEST_DATABASE_URL, TEST_NATS_URL } from '@shop/testing';
import { formatTable, percentile, sortNumbers } from './stats.js';

/** When the stream stored each order's order.placed and its stock answer, in ms since the epoch. */
async function streamTimes(prefix: string): Promise<{ placed: Map<string, number>; answered: Map<string, number> }> {
  const nc = await connect({ servers: TEST_NATS_URL });
  const placed = new Map<string, number>();
  const answered = new Map<string, number>();
  try {
    const js = jetstream(nc);
    const stream = await js.streams.get(streamNameOf(prefix));
    if ((await stream.info()).state.messages === 0) return { placed, answered };
    const consumer = await js.consumers.get(streamNameOf(prefix));
    const messages = await consumer.consume();
    for await (const message of messages) {
      const event = message.json<EventEnvelope>();
      const at = message.info.timestampNanos / 1_000_000;
      const orderId = (event.data as { orderId?: string }).orderId;
      if (orderId && event.subject === 'order.placed') placed.set(orderId, at);
      if (orderId && (event.subject === 'stock.reserved' || event.subject === 'stock.rejected')) answered.set(orderId, at);
      if (message.info.pending === 0) break;
    }
    await messages.close();
  } finally {
    await nc.close();
  }
  return { placed, answered };
}

/**
 * Prints p50 and p99 of each hop for the given orders (id → ms from sending the order to knowing its
 * outcome, as the customer measured it; and when it was sent, in ms since the epoch).
 */
export async function printOrderTimeline(prefix: string, orders: Map<string, { sentAt: number; settledMs: number }>): Promise<void> {
  const { placed, answered } = await streamTimes(prefix);
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL.replace(/\/[^/]*$/, `/${prefix}_orders`) });
  await client.connect();
  const { rows } = await client
    .query<{ id: string; created: number; settled: number }>(
      `SELECT id, extract(epoch FROM created_at) * 1000 AS created, extract(epoch FROM updated_at) * 1000 AS settled
       FROM customer_order WHERE id = ANY($1::uuid[]) AND state <> 'awaiting-stock'`,
      [[...orders.keys()]],
    )
    .finally(() => client.end());
  const hops: Record<string, number[]> = {
    'sent → priced (HTTP in, token, validation, prices)': [],
    'priced → order.placed in the stream (commit, relay)': [],
    'order.placed → stock answer in the stream (catalog)': [],
    'stock answer → order settled (orders consumer)': [],
    'settled → outcome at the customer (wake, read, HTTP out)': [],
  };
  const [sent, relayed, reserved, settledHop, answeredHop] = Object.values(hops);
  for (const row of rows) {
    const order = orders.get(row.id);
    const placedAt = placed.get(row.id);
    const answeredAt = answered.get(row.id);
    if (!order || placedAt === undefined || answeredAt === undefined) continue;
    const created = Number(row.created);
    const settled = Number(row.settled);
    sent.push(created - order.sentAt);
    relayed.push(placedAt - created);
    reserved.push(answeredAt - placedAt);
    settledHop.push(settled - answeredAt);
    answeredHop.push(order.sentAt + order.settledMs - settled);
  }
  console.log(`\nWhere an order's time goes (${sent.length} orders; stream and database clocks are this machine's):`);
  console.log(
    formatTable(
      ['hop', 'p50 ms', 'p99 ms'],
      Object.entries(hops).map(([hop, times]) => {
        const sorted = sortNumbers(times);
        return [hop, percentile(sorted, 0.5).toFixed(1), percentile(sorted, 0.99).toFixed(1)];
      }),
    ),
  );
}
