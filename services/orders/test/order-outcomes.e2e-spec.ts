import { randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { eventually, TEST_DATABASE_URL } from '@shop/testing';
import { OrderOutcomes } from '../src/orders/placing/order-outcomes.js';
import { PricingMemory } from '../src/orders/placing/pricing-memory.js';
import { answerStock, placeOrder, startOrders, type TestOrders, type TestUser } from './support/orders-app.js';

/**
 * The outcome listener counts as listening only while it hears what the pool announces: a LISTEN that
 * succeeds proves nothing (a pooler in transaction mode, or the embedded database before it shared
 * notifications, answers LISTEN and delivers nothing), and the memories built on it would go stale.
 */
describe('orders: the outcome listener listens only once its probe is heard', () => {
  let orders: TestOrders;
  let buyer: TestUser;

  beforeAll(async () => {
    orders = await startOrders();
    buyer = await orders.customer('Pat Probe');
    await orders.user({ id: buyer.claims.sub, name: 'Pat Probe', email: buyer.claims.email, isAdmin: false, sessionVersion: 1 });
  });

  afterAll(async () => {
    jest.restoreAllMocks();
    await orders?.close();
  });

  it('listens where announcements reach it', async () => {
    await eventually(async () => (orders.app.get(OrderOutcomes).listening ? true : undefined), 10_000, 'the listener to hear its probe');
  });

  it('stays deaf, says so, and lets nothing be remembered where announcements do not reach it', async () => {
    // NOTIFY reaches only the listeners of its own database: this listener connects to another one.
    const pool = orders.dataSource;
    const elsewhere = {
      options: { ...pool.options, url: TEST_DATABASE_URL, applicationName: `deaf-${randomUUID().slice(0, 8)}` },
      query: (text: string, parameters?: unknown[]) => pool.query(text, parameters),
    } as unknown as DataSource;
    const warnings = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const outcomes = new OrderOutcomes(elsewhere);
    const memory = new PricingMemory(elsewhere, outcomes);
    outcomes.onModuleInit();
    try {
      await eventually(
        async () => (warnings.mock.calls.some(([text]) => /do not reach the outcome listener/.test(String(text))) ? true : undefined),
        15_000,
        'the listener to say it hears nothing',
      );
      expect(outcomes.listening).toBe(false);

      const lamp = await orders.product({ name: 'Unheard lamp' });
      await memory.read([lamp.id], buyer.claims.sub);
      expect(memory.remembers({ productId: lamp.id })).toBe(false);

      // A placement waiting on it looks at its order instead.
      const placed = await placeOrder(orders, buyer, [{ product: lamp.id, quantity: 1 }]);
      const { settled } = outcomes.expect(placed._id);
      await answerStock(orders, buyer, placed);
      expect(await settled(5_000)).toEqual(expect.objectContaining({ id: placed._id, state: 'awaiting-payment', status: 'confirmed' }));
    } finally {
      await outcomes.onModuleDestroy();
      warnings.mockRestore();
    }
  });
});
