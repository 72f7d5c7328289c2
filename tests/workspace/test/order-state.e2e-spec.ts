/**
 * An order's state changes in one place (issue 41; docs/orders.md, "Life cycle"): OrderLifecycle's
 * `transition()` and the set-based statements `batchTransition` generates, both from the state machine's
 * table, and the `placed` step OrderWrites stores with a new order. This proves no other code of the
 * orders service writes the state: no SQL sets it or inserts it, no TypeORM call writes an Order outside
 * the lifecycle, no object spells a state to write, and every UPDATE of customer_order takes its SET
 * clause from `batchTransition`. The history's table is only added to, and only by the lifecycle.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const workspace = fileURLToPath(new URL('../../..', import.meta.url));
const SOURCE = 'services/orders/src';

/** The only files that may write an order's state, and what each may do. */
const LIFECYCLE = ['orders/lifecycle/order-state-machine.ts', 'orders/lifecycle/order-lifecycle.ts'];
/** Stores new orders: inserts the state `TRANSITIONS.place.to` with the `placed` step, in one statement. */
const PLACING = 'orders/placing/order-writes.ts';
/** The migrations (past ones wrote the old columns; the state's own fills it once). */
const MIGRATIONS = 'migrations/';

const STATES = ['awaiting-stock', 'awaiting-payment', 'paid', 'delivered', 'cancelled', 'refunded'];

function sources(): { path: string; text: string }[] {
  const found: { path: string; text: string }[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(workspace, SOURCE, dir), { withFileTypes: true })) {
      const path = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts')) found.push({ path, text: readFileSync(join(workspace, SOURCE, path), 'utf8') });
    }
  };
  walk('');
  return found;
}

const outside = (path: string, ...allowed: string[]) => !allowed.some((prefix) => path === prefix || (prefix.endsWith('/') && path.startsWith(prefix)));

describe("the orders service: an order's state is written only by its lifecycle", () => {
  const files = sources();

  it('finds the service and its lifecycle', () => {
    expect(existsSync(join(workspace, SOURCE))).toBe(true);
    for (const path of [...LIFECYCLE, PLACING]) expect(files.map((file) => file.path)).toContain(path);
    expect(files.length).toBeGreaterThan(40);
  });

  it('no SQL outside the lifecycle sets the state or inserts it', () => {
    const offenders = files
      .filter(({ path }) => outside(path, ...LIFECYCLE, MIGRATIONS))
      .filter(({ text }) => /\bSET\b[^`;]*\bstate\s*=/i.test(text) || /INSERT INTO\s+customer_order\s*\([^)]*\bstate\b/i.test(text));
    // OrderWrites inserts new orders, in the state of the machine's `place` and nothing else.
    expect(offenders.map(({ path }) => path)).toEqual([PLACING]);
    const placing = files.find(({ path }) => path === PLACING)?.text ?? '';
    expect(placing).toContain(`'\${TRANSITIONS.place.to}'`);
    expect(placing).toContain(`\${placementSteps('placed')}`);
  });

  it('every UPDATE of customer_order outside the lifecycle takes its SET from batchTransition', () => {
    for (const { path, text } of files.filter(({ path }) => outside(path, ...LIFECYCLE, MIGRATIONS))) {
      for (const [statement] of text.matchAll(/UPDATE\s+customer_order\b[^`]*/gi)) {
        expect({ path, set: /\bSET\s+\$\{[\w.]+\.set\}/.test(statement) }).toEqual({ path, set: true });
        expect(text).toMatch(/batchTransition\(/);
      }
    }
  });

  it('no TypeORM write of an Order outside the lifecycle, and no object spells a state to write', () => {
    const typeormWrite = /\.(update|save|insert|upsert)\(\s*Order\b|getRepository\(\s*Order\s*\)\s*\.(update|save|insert|upsert)\(/;
    const spelled = new RegExp(`\\bstate\\s*:\\s*'(${STATES.join('|')})'`);
    const offenders = files
      .filter(({ path }) => outside(path, ...LIFECYCLE, MIGRATIONS))
      .filter(({ text }) => typeormWrite.test(text) || spelled.test(text))
      .map(({ path }) => path);
    expect(offenders).toEqual([]);
  });

  it('the history is only added to, and only by the lifecycle (placing takes its steps from placementSteps)', () => {
    const writers = files
      .filter(({ path }) => outside(path, MIGRATIONS))
      .filter(({ text }) => /INSERT INTO\s+order_event\b/i.test(text))
      .map(({ path }) => path);
    expect(writers.sort()).toEqual(['orders/lifecycle/order-lifecycle.ts', 'orders/lifecycle/order-state-machine.ts']);
    expect(files.filter(({ path, text }) => outside(path, MIGRATIONS) && /(UPDATE|DELETE FROM)\s+order_event\b/i.test(text)).map(({ path }) => path)).toEqual([]);
  });
});
