import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { ensureDatabase, withDatabase } from '@shop/service-kit/database';
import { dropDatabases, testPrefix, TEST_DATABASE_URL } from '@shop/testing';
import { isDeliveredIn, isPaidIn, statusOf } from '../src/orders/lifecycle/order-state-machine.js';
import { ordersMigrations } from '../src/migrations/index.js';
import { OrderStateAndHistory1769100000000 } from '../src/migrations/1769100000000-order-state-and-history.js';

const ADMIN = { id: randomUUID(), name: 'Ada Admin' };
const T = (minutes: number) => new Date(Date.UTC(2026, 10, 1, 12, minutes));

/** An order as the columns before the migration held it, and what it must become. */
interface OldOrder {
  name: string;
  status: 'pending' | 'confirmed' | 'cancelled' | 'refunded';
  isPaid: boolean;
  isDelivered: boolean;
  paidAt?: Date;
  deliveredAt?: Date;
  payableUntil?: Date;
  cancelReason?: string;
  cancelledAt?: Date;
  cancelledBy?: typeof ADMIN;
  refundedAt?: Date;
  refundedBy?: typeof ADMIN;
  state: string;
  /** The steps its history gets, as type:actor. */
  steps: string[];
}

/** Every combination of the old columns that their constraints allowed, including times left unset by hand. */
const OLD_ORDERS: OldOrder[] = [
  { name: 'pending', status: 'pending', isPaid: false, isDelivered: false, state: 'awaiting-stock', steps: ['placed:buyer'] },
  {
    name: 'confirmed, unpaid',
    status: 'confirmed',
    isPaid: false,
    isDelivered: false,
    payableUntil: T(40),
    state: 'awaiting-payment',
    steps: ['placed:buyer', 'stock-reserved:shop'],
  },
  {
    name: 'paid',
    status: 'confirmed',
    isPaid: true,
    isDelivered: false,
    paidAt: T(5),
    payableUntil: T(40),
    state: 'paid',
    steps: ['placed:buyer', 'stock-reserved:shop', 'paid:buyer'],
  },
  {
    name: 'paid without its time',
    status: 'confirmed',
    isPaid: true,
    isDelivered: false,
    payableUntil: T(40),
    state: 'paid',
    steps: ['placed:buyer', 'stock-reserved:shop', 'paid:buyer'],
  },
  {
    name: 'delivered',
    status: 'confirmed',
    isPaid: true,
    isDelivered: true,
    paidAt: T(5),
    deliveredAt: T(30),
    state: 'delivered',
    steps: ['placed:buyer', 'stock-reserved:shop', 'paid:buyer', 'delivered:shop'],
  },
  {
    name: 'delivered without its time',
    status: 'confirmed',
    isPaid: true,
    isDelivered: true,
    paidAt: T(5),
    state: 'delivered',
    steps: ['placed:buyer', 'stock-reserved:shop', 'paid:buyer', 'delivered:shop'],
  },
  {
    name: 'out of stock',
    status: 'cancelled',
    isPaid: false,
    isDelivered: false,
    cancelReason: 'Desk lamp is out of stock',
    cancelledAt: T(1),
    state: 'cancelled',
    steps: ['placed:buyer', 'stock-refused:shop'],
  },
  {
    name: 'not paid in time',
    status: 'cancelled',
    isPaid: false,
    isDelivered: false,
    payableUntil: T(30),
    cancelReason: 'Payment not received in time',
    cancelledAt: T(31),
    state: 'cancelled',
    steps: ['placed:buyer', 'stock-reserved:shop', 'payment-expired:shop'],
  },
  {
    name: 'cancelled by an admin, no cancellation time (before 1768100000000)',
    status: 'cancelled',
    isPaid: false,
    isDelivered: false,
    cancelReason: 'Cancelled by the shop',
    cancelledBy: ADMIN,
    state: 'cancelled',
    steps: ['placed:buyer', 'cancelled:admin'],
  },
  {
    name: 'refunded before delivery',
    status: 'refunded',
    isPaid: true,
    isDelivered: false,
    paidAt: T(5),
    payableUntil: T(40),
    refundedAt: T(50),
    refundedBy: ADMIN,
    state: 'refunded',
    steps: ['placed:buyer', 'stock-reserved:shop', 'paid:buyer', 'refunded:admin'],
  },
  {
    name: 'refunded after delivery',
    status: 'refunded',
    isPaid: true,
    isDelivered: true,
    paidAt: T(5),
    deliveredAt: T(30),
    payableUntil: T(40),
    refundedAt: T(50),
    refundedBy: ADMIN,
    state: 'refunded',
    steps: ['placed:buyer', 'stock-reserved:shop', 'paid:buyer', 'delivered:shop', 'refunded:admin'],
  },
];

describe('migration 1769100000000: one state column from status, is_paid and is_delivered, and the history they tell', () => {
  const prefix = testPrefix();
  const database = `${prefix}_orders`;
  let db: DataSource;
  const ids = new Map<string, string>();

  beforeAll(async () => {
    await ensureDatabase(TEST_DATABASE_URL, database);
    db = new DataSource({ type: 'postgres', url: withDatabase(TEST_DATABASE_URL, database), migrations: ordersMigrations, migrationsTransactionMode: 'each', logging: false });
    await db.initialize();
    await db.runMigrations();
    // Back to the columns, then orders in every combination they allowed.
    await db.undoLastMigration();
    expect((await db.query(`SELECT name FROM migrations ORDER BY id DESC LIMIT 1`))[0].name).not.toBe(OrderStateAndHistory1769100000000.name);
    for (const order of OLD_ORDERS) {
      const id = randomUUID();
      ids.set(order.name, id);
      await db.query(
        `INSERT INTO customer_order (id, user_id, user_name, user_email, shipping_address, shipping_city, shipping_postal_code, shipping_country,
           payment_gateway, items_cents, shipping_cents, tax_cents, total_cents, status, is_paid, is_delivered, paid_at, delivered_at, payable_until,
           cancel_reason, cancelled_at, cancelled_by_id, cancelled_by_name, refunded_at, refunded_by_id, refunded_by_name, created_at, updated_at)
         VALUES ($1, $2, 'Olga Old', 'olga@example.com', '1 Main Street', 'Springfield', '12345', 'USA', 'PayPal', 10000, 0, 1000, 11000,
           $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)`,
        [
          id,
          randomUUID(),
          order.status,
          order.isPaid,
          order.isDelivered,
          order.paidAt ?? null,
          order.deliveredAt ?? null,
          order.payableUntil ?? null,
          order.cancelReason ?? null,
          order.cancelledAt ?? null,
          order.cancelledBy?.id ?? null,
          order.cancelledBy?.name ?? null,
          order.refundedAt ?? null,
          order.refundedBy?.id ?? null,
          order.refundedBy?.name ?? null,
          T(0),
          T(55),
        ],
      );
    }
    await db.runMigrations();
  });

  afterAll(async () => {
    await db?.destroy();
    await dropDatabases(prefix);
  });

  const rowOf = async (name: string) =>
    (await db.query(`SELECT state, paid_at, delivered_at FROM customer_order WHERE id = $1`, [ids.get(name)]))[0] as { state: string; paid_at: Date | null; delivered_at: Date | null };

  it.each(OLD_ORDERS.map((order) => [order.name, order] as const))('%s: its state, and the status, isPaid and isDelivered the API derives from it are what the columns said', async (name, order) => {
    const row = await rowOf(name);
    expect(row.state).toBe(order.state);
    const state = row.state as Parameters<typeof statusOf>[0];
    expect({ status: statusOf(state), isPaid: isPaidIn(state), isDelivered: isDeliveredIn(state, row.delivered_at) }).toEqual({
      status: order.status,
      isPaid: order.isPaid,
      isDelivered: order.isDelivered,
    });
    if (order.isPaid) expect(row.paid_at).toEqual(order.paidAt ?? T(55));
  });

  it.each(OLD_ORDERS.map((order) => [order.name, order] as const))('%s: the history its columns tell, in order, with who', async (name, order) => {
    const steps: { type: string; actor_kind: string; actor_id: string | null; actor_name: string | null; to_state: string; details: Record<string, string> }[] = await db.query(
      `SELECT type, actor_kind, actor_id, actor_name, to_state, details FROM order_event WHERE order_id = $1 ORDER BY id`,
      [ids.get(name)],
    );
    expect(steps.map((step) => `${step.type}:${step.actor_kind}`)).toEqual(order.steps);
    expect(steps.at(-1)?.to_state).toBe(order.state);
    expect(steps.every((step) => step.details.from === 'columns')).toBe(true);
    const admin = steps.find((step) => step.actor_kind === 'admin');
    if (admin) expect(admin).toMatchObject({ actor_id: ADMIN.id, actor_name: ADMIN.name });
  });

  it('keeps the history: any change of a step is refused', async () => {
    await expect(db.query(`UPDATE order_event SET type = 'cancelled'`)).rejects.toThrow(/order_event is append-only: UPDATE refused/);
    await expect(db.query(`DELETE FROM order_event`)).rejects.toThrow(/order_event is append-only: DELETE refused/);
    await expect(db.query(`TRUNCATE order_event`)).rejects.toThrow(/append-only: TRUNCATE refused/);
  });

  it('refuses a state it does not know, and a paid state without its time', async () => {
    const id = ids.get('pending');
    await expect(db.query(`UPDATE customer_order SET state = 'shipped' WHERE id = $1`, [id])).rejects.toThrow(/order_state_known/);
    await expect(db.query(`UPDATE customer_order SET state = 'paid' WHERE id = $1`, [id])).rejects.toThrow(/order_paid_with_time/);
  });

  it('is reversible: down gives back the three columns as they were, and up again makes the same states', async () => {
    await db.undoLastMigration();
    for (const order of OLD_ORDERS) {
      const [row] = await db.query(`SELECT status, is_paid, is_delivered FROM customer_order WHERE id = $1`, [ids.get(order.name)]);
      expect(row).toEqual({ status: order.status, is_paid: order.isPaid, is_delivered: order.isDelivered });
    }
    expect(await db.query(`SELECT to_regclass('order_event') AS history`)).toEqual([{ history: null }]);
    await db.runMigrations();
    for (const order of OLD_ORDERS) expect((await rowOf(order.name)).state).toBe(order.state);
  });
});
