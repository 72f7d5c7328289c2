import request from 'supertest';
import { type PayPalStandIn, startPayPalStandIn } from '../src/index.js';
import { PAYPAL_TIME, accessToken, apiOf } from './support/paypal-api.js';

describe('PayPal stand-in: refunds of captures (Payments v2), and what a browser may create with the client id alone', () => {
  let standIn: PayPalStandIn;
  let api: ReturnType<typeof apiOf>;

  beforeAll(async () => {
    standIn = await startPayPalStandIn();
    api = apiOf(standIn, await accessToken(standIn));
  });

  afterAll(async () => {
    await standIn?.close();
  });

  /** A captured order of `value` USD; answers its capture id. */
  async function capturedOrder(value = '110.01', currency = 'USD'): Promise<string> {
    const id = await api.createOrder(value, currency);
    standIn.approve(id);
    const captured = await api.post(`/v2/checkout/orders/${id}/capture`).send({});
    expect(captured.status).toBe(201);
    return captured.body.purchase_units[0].payments.captures[0].id as string;
  }

  it('refunds the whole capture when the body is empty, and shows the refund and the capture REFUNDED', async () => {
    const captureId = await capturedOrder();
    const refunded = await api.post(`/v2/payments/captures/${captureId}/refund`).set('Content-Type', 'application/json').send('');
    expect(refunded.status).toBe(201);
    expect(refunded.body).toEqual({
      id: expect.stringMatching(/^[0-9A-Z]{17}$/),
      status: 'COMPLETED',
      amount: { currency_code: 'USD', value: '110.01' },
      links: [
        { href: `${standIn.url}/v2/payments/refunds/${refunded.body.id}`, rel: 'self', method: 'GET' },
        { href: `${standIn.url}/v2/payments/captures/${captureId}`, rel: 'up', method: 'GET' },
      ],
    });

    const shown = await api.get(`/v2/payments/refunds/${refunded.body.id}`);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({
      id: refunded.body.id,
      status: 'COMPLETED',
      amount: { currency_code: 'USD', value: '110.01' },
      seller_payable_breakdown: { gross_amount: { currency_code: 'USD', value: '110.01' }, total_refunded_amount: { value: '110.01' } },
      create_time: expect.stringMatching(PAYPAL_TIME),
    });
    const capture = await api.get(`/v2/payments/captures/${captureId}`);
    expect(capture.body.status).toBe('REFUNDED');
    expect(capture.body.links.map((l: { rel: string }) => l.rel)).toEqual(['self', 'up']);
  });

  it('refunds part of a capture with amount, then the rest, then answers CAPTURE_FULLY_REFUNDED', async () => {
    const captureId = await capturedOrder('50.00');
    const part = await api.post(`/v2/payments/captures/${captureId}/refund`).send({ amount: { currency_code: 'USD', value: '20.5' }, note_to_payer: 'Sorry' });
    expect(part.status).toBe(201);
    expect(part.body.amount).toEqual({ currency_code: 'USD', value: '20.50' });
    expect((await api.get(`/v2/payments/captures/${captureId}`)).body.status).toBe('PARTIALLY_REFUNDED');

    const tooMuch = await api.post(`/v2/payments/captures/${captureId}/refund`).send({ amount: { currency_code: 'USD', value: '29.51' } });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body).toMatchObject({ name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'REFUND_AMOUNT_EXCEEDED' }] });
    const otherCurrency = await api.post(`/v2/payments/captures/${captureId}/refund`).send({ amount: { currency_code: 'EUR', value: '1.00' } });
    expect(otherCurrency.body.details[0].issue).toBe('REFUND_CAPTURE_CURRENCY_MISMATCH');

    const rest = await api.post(`/v2/payments/captures/${captureId}/refund`).send({});
    expect(rest.status).toBe(201);
    expect(rest.body.amount).toEqual({ currency_code: 'USD', value: '29.50' });
    const again = await api.post(`/v2/payments/captures/${captureId}/refund`).send({});
    expect(again.status).toBe(422);
    expect(again.body).toMatchObject({
      name: 'UNPROCESSABLE_ENTITY',
      details: [{ issue: 'CAPTURE_FULLY_REFUNDED', description: 'The capture has already been fully refunded.' }],
      links: [{ href: 'https://developer.paypal.com/docs/api/payments/v2/#error-CAPTURE_FULLY_REFUNDED', rel: 'information_link', method: 'GET' }],
    });
  });

  it('refunds once however often the same PayPal-Request-Id is repeated', async () => {
    const captureId = await capturedOrder();
    const refund = () => api.post(`/v2/payments/captures/${captureId}/refund`).set('PayPal-Request-Id', `refund-${captureId}`).send({});
    const [first, second] = await Promise.all([refund(), refund()]);
    expect([first.status, second.status].sort()).toEqual([200, 201]);
    expect(second.body.id).toBe(first.body.id);
    expect((await refund()).body.id).toBe(first.body.id);
    expect((await api.get(`/v2/payments/captures/${captureId}`)).body.status).toBe('REFUNDED');
  });

  it('answers 404 for an unknown capture or refund, 401 without a token, 400 for a bad amount', async () => {
    const unknown = await api.post('/v2/payments/captures/0000000000000000X/refund').send({});
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] });
    expect((await api.get('/v2/payments/refunds/0000000000000000X')).status).toBe(404);

    const captureId = await capturedOrder();
    const anonymous = await request(standIn.url).post(`/v2/payments/captures/${captureId}/refund`).send({});
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.name).toBe('AUTHENTICATION_FAILURE');
    const bad = await api.post(`/v2/payments/captures/${captureId}/refund`).send({ amount: { currency_code: 'USD', value: 'abc' } });
    expect(bad.status).toBe(400);
    expect(bad.body.details[0]).toMatchObject({ issue: 'INVALID_PARAMETER_SYNTAX', field: '/amount/value' });
    expect((await api.get(`/v2/payments/captures/${captureId}`)).body.status).toBe('COMPLETED');
  });

  describe('what anyone holding the public client id can create (the browser token of the JS SDK)', () => {
    async function browserToken(): Promise<string> {
      const res = await request(standIn.url).post(`/stand-in/sdk/token?client-id=${standIn.clientId}`);
      expect(res.status).toBe(200);
      return res.body.access_token as string;
    }

    it('creates orders of any PayPal currency and amount, several purchase units, and intent AUTHORIZE, as PayPal does', async () => {
      const browser = apiOf(standIn, await browserToken());
      const eur = await browser.post('/v2/checkout/orders').send({ intent: 'CAPTURE', purchase_units: [{ custom_id: 'victim', amount: { currency_code: 'EUR', value: '0.01' } }] });
      expect(eur.status).toBe(201);
      const split = await browser.post('/v2/checkout/orders').send({
        intent: 'CAPTURE',
        purchase_units: [
          { reference_id: 'a', custom_id: 'mine', amount: { currency_code: 'USD', value: '60.00' } },
          { reference_id: 'b', custom_id: 'theirs', amount: { currency_code: 'USD', value: '50.01' } },
        ],
      });
      expect(split.status).toBe(201);
      expect((await api.get(`/v2/checkout/orders/${split.body.id}`)).body.purchase_units).toHaveLength(2);

      const authorize = await browser.post('/v2/checkout/orders').send({ intent: 'AUTHORIZE', purchase_units: [{ amount: { currency_code: 'USD', value: '110.01' } }] });
      expect(authorize.status).toBe(201);
      expect(authorize.body.links.map((l: { rel: string }) => l.rel)).toEqual(['self', 'approve', 'update', 'authorize']);
      standIn.approve(authorize.body.id);
      const shown = await api.get(`/v2/checkout/orders/${authorize.body.id}`);
      expect(shown.body).toMatchObject({ intent: 'AUTHORIZE', status: 'APPROVED' });
      const captured = await api.post(`/v2/checkout/orders/${authorize.body.id}/capture`).send({});
      expect(captured.status).toBe(422);
      expect(captured.body.details[0].issue).toBe('ACTION_DOES_NOT_MATCH_INTENT');
    });
  });

  it('answers 503 or slowly while a test disrupts it, then as before', async () => {
    standIn.disrupt({ method: 'GET', path: /^\/v2\/checkout\/orders\//, times: 1 });
    const id = await api.createOrder();
    const down = await api.get(`/v2/checkout/orders/${id}`);
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ name: 'SERVICE_UNAVAILABLE' });
    expect((await api.get(`/v2/checkout/orders/${id}`)).status).toBe(200);

    standIn.disrupt({ method: 'GET', path: /^\/v2\/checkout\/orders\//, delayMs: 300 });
    const started = Date.now();
    expect((await api.get(`/v2/checkout/orders/${id}`)).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    // A slow answer still carries the request out at once: the order exists before the answer comes.
  });
});
