import request from 'supertest';
import type { OrderDto, OrderEventDto, OrderState } from '@shop/contracts';
import { startPayPalStandIn, type PayPalStandIn } from '@shop/paypal-stand-in';
import { eventually, SmtpCatcher } from '@shop/testing';
import { PaymentDeadlines } from '../src/orders/lifecycle/payment-deadlines.js';
import { TRANSITIONS, type TransitionDefinition } from '../src/orders/lifecycle/order-state-machine.js';
import { PaymentRefunds } from '../src/orders/paying/payment-refunds.js';
import { answerStock, confirmedOrder as confirmedOrderOf, placeOrder, readOrder, startOrders, type TestOrders, type TestUser } from './support/orders-app.js';
import { PayPalBuyer } from './support/paypal-buyer.js';

/** A step as the database keeps it, with the state it left (which the API does not answer). */
interface StepRow {
  id: string;
  type: string;
  from_state: OrderState | null;
  to_state: OrderState | null;
  actor_kind: string;
  at: Date;
}

describe("orders: every order's history, step by step, with who made each step (issue 41)", () => {
  let paypal: PayPalStandIn;
  let smtp: SmtpCatcher;
  let buyer: PayPalBuyer;
  let orders: TestOrders;
  let casey: TestUser;
  let mallory: TestUser;

  beforeAll(async () => {
    paypal = await startPayPalStandIn({ clientId: 'orders-test', clientSecret: 'orders-secret', testEndpoints: true });
    buyer = new PayPalBuyer(paypal);
    smtp = await new SmtpCatcher().start();
    orders = await startOrders({ PAYPAL_API_BASE: paypal.url, PAYPAL_CLIENT_ID: paypal.clientId, PAYPAL_CLIENT_SECRET: paypal.clientSecret, SMTP_URL: smtp.url });
    casey = await orders.customer('Casey Customer');
    mallory = await orders.customer('Mallory Other');
  });

  afterAll(async () => {
    await orders?.close();
    await smtp?.stop();
    await paypal?.close();
  });

  const historyOf = (id: string, as: TestUser, query = 'pageSize=100') => request(orders.http).get(`/api/orders/${id}/history?${query}`).set(as.headers);
  const stepsOf = async (id: string, as: TestUser = orders.admin) => (await historyOf(id, as).expect(200)).body as OrderEventDto[];
  const act = (id: string, action: 'cancel' | 'refund' | 'delivery_status') => request(orders.http).put(`/api/orders/${id}/${action}`).set(orders.admin.headers).send();
  const confirmedOrder = () => confirmedOrderOf(orders, casey);
  const admin = () => ({ kind: 'admin', _id: orders.admin.claims.sub, name: orders.admin.claims.name });
  const byCasey = () => ({ kind: 'buyer', _id: casey.claims.sub });

  /** Pays the order with a PayPal order its buyer approved; answers PayPal's order id. */
  async function pay(order: OrderDto, value = order.totalPrice.toFixed(2)) {
    const approved = await buyer.pay(value, { customId: order._id });
    return { id: approved.id, answer: await request(orders.http).put(`/api/orders/${order._id}/pay_status`).set(casey.headers).send({ id: approved.id }) };
  }

  it('walks an order placed, confirmed, paid, delivered and refunded: the admin sees every step with who and what, the buyer their order\'s own', async () => {
    const order = await confirmedOrder();
    const paid = await pay(order);
    expect(paid.answer.status).toBe(200);
    await act(order._id, 'delivery_status').expect(200);
    await act(order._id, 'refund').expect(200);
    await orders.app.get(PaymentRefunds).sweep();

    // The four mails (confirmed, paid, delivered, refunded) are steps too, once the catcher took them.
    const steps = await eventually(async () => {
      const now = await stepsOf(order._id);
      return now.filter((step) => step.type === 'mail-sent').length === 4 && now.some((step) => step.type === 'refund-completed') ? now : undefined;
    }, 20_000, 'the four mails and the refund in the history');

    const transitions = steps.filter((step) => step.state !== undefined);
    expect(transitions.map(({ type, state, actor }) => ({ type, state, actor }))).toEqual([
      { type: 'placed', state: 'awaiting-stock', actor: byCasey() },
      { type: 'stock-reserved', state: 'awaiting-payment', actor: { kind: 'shop' } },
      { type: 'paid', state: 'paid', actor: byCasey() },
      { type: 'delivered', state: 'delivered', actor: admin() },
      { type: 'refunded', state: 'refunded', actor: admin() },
    ]);
    const captureId = (transitions[2].details as { captureId: string }).captureId;
    expect(transitions[2].details).toEqual({ paypalOrderId: paid.id, captureId: expect.any(String), amount: '110.01', currency: 'USD' });
    expect(transitions[4].details).toEqual({ amount: '110.01', currency: 'USD', captureId });
    const times = transitions.map((step) => Date.parse(step.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const ids = steps.map((step) => BigInt(step._id));
    expect(ids.every((id, n) => n === 0 || id > ids[n - 1])).toBe(true);

    const completed = steps.find((step) => step.type === 'refund-completed');
    expect(completed).toMatchObject({ actor: { kind: 'shop' }, details: { captureId, refundId: expect.any(String) } });
    expect(steps.indexOf(completed as OrderEventDto)).toBeGreaterThan(steps.indexOf(transitions[4]));
    // The outbox sends mails as they come, not one after another: two may be taken in either order.
    const told = ['order.confirmed', 'order.paid', 'order.delivered', 'order.refunded'];
    const mails = steps.filter((step) => step.type === 'mail-sent');
    expect(mails.map((mail) => String(mail.details?.event)).sort()).toEqual([...told].sort());
    const mailOf = (event: string) => mails.find((mail) => mail.details?.event === event) as OrderEventDto;
    expect(mailOf('order.confirmed')).toMatchObject({ actor: { kind: 'shop' }, details: { subject: `Your order ${order._id} is confirmed` } });
    // Each mail follows the step it tells of.
    for (const [n, event] of told.entries()) expect(steps.indexOf(mailOf(event))).toBeGreaterThan(steps.indexOf(transitions[n + 1]));

    // The buyer: the order's own moves, naming no one, without details.
    const theirs = await stepsOf(order._id, casey);
    expect(theirs.map(({ type, actor, details }) => ({ type, actor, details }))).toEqual(
      ['placed', 'stock-reserved', 'paid', 'delivered', 'refunded'].map((type) => ({ type, actor: { kind: type === 'placed' || type === 'paid' ? 'buyer' : type === 'stock-reserved' ? 'shop' : 'admin' }, details: undefined })),
    );
    expect(theirs.map((step) => step._id)).toEqual(transitions.map((step) => step._id));

    // Anyone else learns nothing, not even that the order exists.
    expect((await historyOf(order._id, mallory).expect(404)).body).toEqual({ message: 'Order not found' });
    await request(orders.http).get(`/api/orders/${order._id}/history`).expect(401);
    expect((await historyOf('6b1d9a4e-2f3c-4d5e-8f90-a1b2c3d4e5f6', orders.admin).expect(404)).body).toEqual({ message: 'Order not found' });
  });

  it('keeps each cancellation with its reason: out of stock and by an admin', async () => {
    const product = await orders.product({ name: 'Rare lamp' });
    const rejected = await answerStock(orders, casey, await placeOrder(orders, casey, [{ product: product.id, quantity: 1 }]), {
      productId: product.id,
      productName: 'Rare lamp',
      reason: 'Rare lamp is out of stock',
    });
    expect((await stepsOf(rejected._id, casey)).map(({ type, state, reason, actor }) => ({ type, state, reason, actor }))).toEqual([
      { type: 'placed', state: 'awaiting-stock', reason: undefined, actor: { kind: 'buyer' } },
      { type: 'stock-refused', state: 'cancelled', reason: 'Rare lamp is out of stock', actor: { kind: 'shop' } },
    ]);

    const cancelled = await confirmedOrder();
    await act(cancelled._id, 'cancel').expect(200);
    expect((await stepsOf(cancelled._id)).filter((step) => step.state).at(-1)).toMatchObject({ type: 'cancelled', state: 'cancelled', reason: 'Cancelled by the shop', actor: admin() });
  });

  it('keeps a payment the shop refused, and why, for admins only', async () => {
    const order = await confirmedOrder();
    const refused = await pay(order, '99.00');
    expect(refused.answer.status).toBe(400);
    const step = (await stepsOf(order._id)).find((candidate) => candidate.type === 'payment-refused');
    expect(step).toEqual({
      _id: expect.any(String),
      type: 'payment-refused',
      at: expect.any(String),
      actor: byCasey(),
      reason: (refused.answer.body as { message: string }).message,
      details: { paypalOrderId: refused.id },
    });
    expect((await stepsOf(order._id, casey)).map((candidate) => candidate.type)).toEqual(['placed', 'stock-reserved']);
  });

  it('pages the history as the admin tables page, and refuses a bad page with 400', async () => {
    const order = await confirmedOrder();
    await act(order._id, 'cancel').expect(200);
    // The buyer's reading: the mails, which the sender adds meanwhile, are not in it.
    const all = await stepsOf(order._id, casey);
    expect(all).toHaveLength(3);
    const page = await historyOf(order._id, casey, 'pageSize=1&pageNumber=2').expect(200);
    expect(page.body).toEqual([all[1]]);
    expect(page.headers['x-total-count']).toBe(String(all.length));
    expect(page.headers.link).toContain(`</api/orders/${order._id}/history?pageSize=1&pageNumber=1>; rel="prev"`);
    expect(page.headers.link).toContain(`</api/orders/${order._id}/history?pageSize=1&pageNumber=3>; rel="next"`);
    expect((await historyOf(order._id, orders.admin, 'pageSize=0').expect(400)).body).toEqual({ message: 'pageSize must be a whole number from 1 to 100' });
    expect((await historyOf(order._id, orders.admin, 'sort=at').expect(400)).body).toEqual({ message: 'property sort should not exist' });
  });

  it('cancels an order not paid in time: a step of the shop with the reason, for the buyer too', async () => {
    const order = await confirmedOrder();
    // A sweep at a moment past every deadline: it takes whatever awaits its payment in this test's database.
    await orders.app.get(PaymentDeadlines).sweep(new Date(Date.now() + 7 * 86_400_000));
    expect((await stepsOf(order._id, casey)).at(-1)).toMatchObject({ type: 'payment-expired', state: 'cancelled', reason: 'Payment not received in time', actor: { kind: 'shop' } });
  });

  it('places, pays, delivers, refunds and cancels at once: each history is complete, in order, and ends in the order\'s state', async () => {
    const product = await orders.product({ priceCents: 100_01, countInStock: 1000 });
    const placed = await Promise.all(Array.from({ length: 12 }, () => placeOrder(orders, casey, [{ product: product.id, quantity: 1 }])));
    const confirmed = await Promise.all(placed.map((order) => answerStock(orders, casey, order)));
    await Promise.all(
      confirmed.map(async (order, n) => {
        switch (n % 4) {
          case 0: // paid, then delivered and refunded at once
            await pay(order);
            await Promise.all([act(order._id, 'delivery_status'), act(order._id, 'refund')]);
            return;
          case 1: // paid and cancelled at once: one of them wins
            await Promise.all([pay(order), act(order._id, 'cancel')]);
            return;
          case 2: // cancelled twice at once, and a late payment
            await Promise.all([act(order._id, 'cancel'), act(order._id, 'cancel')]);
            await pay(order);
            return;
          default: // paid twice at once with one PayPal order, then refunded twice at once
            {
              const approved = await buyer.pay(order.totalPrice.toFixed(2), { customId: order._id });
              const report = () => request(orders.http).put(`/api/orders/${order._id}/pay_status`).set(casey.headers).send({ id: approved.id });
              await Promise.all([report(), report()]);
              await Promise.all([act(order._id, 'refund'), act(order._id, 'refund')]);
            }
            return;
        }
      }),
    );

    const machine: TransitionDefinition[] = Object.values(TRANSITIONS);
    for (const order of confirmed) {
      const steps: StepRow[] = await orders.dataSource.query(
        `SELECT id, type, from_state, to_state, actor_kind, at FROM order_event WHERE order_id = $1 AND to_state IS NOT NULL ORDER BY id`,
        [order._id],
      );
      // A chain: placed from nothing, each next step leaving the state the one before reached, by the machine's own moves.
      expect(steps[0]).toMatchObject({ type: 'placed', from_state: null, to_state: 'awaiting-stock' });
      for (const [n, step] of steps.entries()) {
        if (n > 0) expect(step.from_state).toBe(steps[n - 1].to_state);
        const move = machine.find((transition) => transition.records === step.type);
        expect(move?.to).toBe(step.to_state);
        if (n > 0) expect(move?.from).toContain(step.from_state);
      }
      expect(new Set(steps.map((step) => step.type)).size).toBe(steps.length);
      const [{ state }]: { state: OrderState }[] = await orders.dataSource.query(`SELECT state FROM customer_order WHERE id = $1`, [order._id]);
      expect(steps.at(-1)?.to_state).toBe(state);
      const read = await readOrder(orders, orders.admin, order._id);
      expect((await stepsOf(order._id)).filter((step) => step.state).map((step) => step.state)).toEqual(steps.map((step) => step.to_state));
      expect(read.status).toBe({ 'awaiting-stock': 'pending', 'awaiting-payment': 'confirmed', paid: 'confirmed', delivered: 'confirmed', cancelled: 'cancelled', refunded: 'refunded' }[state]);
    }
  });
});
