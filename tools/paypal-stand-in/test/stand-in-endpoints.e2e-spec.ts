import request from 'supertest';
import { type PayPalStandIn, startPayPalStandIn } from '../src/index.js';
import { accessToken, apiOf, orderOf } from './support/paypal-api.js';

describe('PayPal stand-in: stand-in-only endpoints', () => {
  let standIn: PayPalStandIn;
  let api: ReturnType<typeof apiOf>;

  beforeAll(async () => {
    standIn = await startPayPalStandIn({ testEndpoints: true });
    api = apiOf(standIn, await accessToken(standIn));
  });

  afterAll(async () => {
    await standIn?.close();
  });

  it('answers /health', async () => {
    const res = await request(standIn.url).get('/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  describe('the buyer’s approval', () => {
    it('approves as the buyer the request describes, the same e-mail always with the same payer id', async () => {
      const first = await api.createOrder();
      const second = await api.createOrder();
      const payer = { email_address: 'jane@example.com', name: 'Jane Roe', country_code: 'GB' };
      const a = await request(standIn.url).post(`/stand-in/orders/${first}/approve`).send({ payer });
      const b = await request(standIn.url)
        .post(`/stand-in/orders/${second}/approve`)
        .send({ payer: { email_address: 'jane@example.com', name: { given_name: 'Jane', surname: 'Roe' } } });
      expect(a.status).toBe(200);
      expect(a.body).toMatchObject({
        status: 'APPROVED',
        payer: { name: { given_name: 'Jane', surname: 'Roe' }, email_address: 'jane@example.com', address: { country_code: 'GB' } },
        payment_source: { paypal: { email_address: 'jane@example.com', account_id: a.body.payer.payer_id } },
      });
      expect(b.body.payer.payer_id).toBe(a.body.payer.payer_id);
      expect(a.body.links.map((l: { rel: string }) => l.rel)).toEqual(['self', 'update', 'capture']);
    });

    it('lets tests approve through the handle', async () => {
      const id = await api.createOrder();
      expect(standIn.approve(id, { email_address: 'buyer@example.com' })).toMatchObject({ id, status: 'APPROVED', payer: { email_address: 'buyer@example.com' } });
      expect(() => standIn.approve('UNKNOWN')).toThrow('The specified resource does not exist.');
    });

    it('refuses an unknown order, a paid one and a malformed payer in PayPal terms', async () => {
      const unknown = await request(standIn.url).post('/stand-in/orders/5O190127TN364715T/approve');
      expect(unknown.status).toBe(404);
      expect(unknown.body).toMatchObject({ name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] });

      const paid = await api.createOrder();
      standIn.approve(paid);
      await api.post(`/v2/checkout/orders/${paid}/capture`).send({});
      const again = await request(standIn.url).post(`/stand-in/orders/${paid}/approve`);
      expect(again.status).toBe(422);
      expect(again.body).toMatchObject({ name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_COMPLETED_OR_VOIDED' }] });

      const open = await api.createOrder();
      const badPayer = await request(standIn.url).post(`/stand-in/orders/${open}/approve`).send({ payer: { email_address: 'not-an-email' } });
      expect(badPayer.status).toBe(400);
      expect(badPayer.body).toMatchObject({ name: 'INVALID_REQUEST', details: [{ field: '/payer/email_address', issue: 'INVALID_PARAMETER_SYNTAX' }] });
    });
  });

  describe('orders made directly for tests', () => {
    it('makes a paid order in any amount and currency, captured as asked', async () => {
      const res = await request(standIn.url)
        .post('/stand-in/orders')
        .send({ amount: { currency_code: 'EUR', value: '9.99' }, custom_id: 'forged', payer: { email_address: 'mallory@example.com' } });
      expect(res.status).toBe(201);
      const shown = await api.get(`/v2/checkout/orders/${res.body.id}`);
      expect(shown.body).toEqual(res.body);
      expect(shown.body).toMatchObject({
        status: 'COMPLETED',
        payer: { email_address: 'mallory@example.com' },
        purchase_units: [{ custom_id: 'forged', payments: { captures: [{ status: 'COMPLETED', amount: { currency_code: 'EUR', value: '9.99' } }] } }],
      });
    });

    it('makes a completed order whose capture is pending or declined', async () => {
      for (const captureStatus of ['PENDING', 'DECLINED']) {
        const res = await request(standIn.url).post('/stand-in/orders').send({ amount: { currency_code: 'USD', value: '10' }, capture_status: captureStatus });
        expect(res.status).toBe(201);
        expect(res.body.purchase_units[0].payments.captures[0].status).toBe(captureStatus);
      }
    });

    it('makes an order waiting for approval or for capture', async () => {
      const created = await request(standIn.url).post('/stand-in/orders').send({ amount: { currency_code: 'USD', value: '1' }, status: 'CREATED' });
      expect(created.body).toMatchObject({ status: 'CREATED' });
      expect(created.body.payer).toBeUndefined();
      const approved = await request(standIn.url).post('/stand-in/orders').send({ amount: { currency_code: 'USD', value: '1' }, status: 'APPROVED' });
      expect(approved.body).toMatchObject({ status: 'APPROVED', payer: { email_address: 'sb-buyer@personal.example.com' } });
      expect((await api.post(`/v2/checkout/orders/${approved.body.id}/capture`).send({})).status).toBe(201);
    });

    it.each([
      ['no amount', {}, 'MISSING_REQUIRED_PARAMETER', '/amount'],
      ['a malformed value', { amount: { currency_code: 'USD', value: '1,00' } }, 'INVALID_PARAMETER_SYNTAX', '/amount/value'],
      ['an unknown status', { amount: { currency_code: 'USD', value: '1' }, status: 'PAID' }, 'INVALID_PARAMETER_VALUE', '/status'],
      ['an unknown field', { amount: { currency_code: 'USD', value: '1' }, amout: {} }, 'UNKNOWN_FIELD', '/amout'],
    ])('refuses %s', async (_case, body, issue, field) => {
      const res = await request(standIn.url).post('/stand-in/orders').send(body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ name: 'INVALID_REQUEST', details: [{ issue, field }] });
    });
  });

  describe('the approval page of the approve link', () => {
    it('shows the amount and a Pay now button that approves the order', async () => {
      const id = await api.createOrder('19.99');
      const page = await request(standIn.url).get(`/checkoutnow?token=${id}`);
      expect(page.status).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.text).toContain('19.99 USD');
      expect(page.text).toMatch(/<form method="post">[\s\S]*<button class="pay" name="action" value="approve">Pay now<\/button>/);

      const paid = await request(standIn.url).post(`/checkoutnow?token=${id}`).type('form').send({ action: 'approve' });
      expect(paid.status).toBe(200);
      expect(paid.text).toContain('Payment approved');
      expect((await api.get(`/v2/checkout/orders/${id}`)).body.status).toBe('APPROVED');
    });

    it('sends the buyer back to the merchant’s return or cancel URL, as PayPal does', async () => {
      const body = {
        ...orderOf('3.00'),
        payment_source: { paypal: { experience_context: { return_url: 'http://localhost:3000/order/1?paid=1', cancel_url: 'http://localhost:3000/order/1' } } },
      };
      const created = await api.post('/v2/checkout/orders').send(body);
      const id = created.body.id as string;

      const cancelled = await request(standIn.url).post(`/checkoutnow?token=${id}`).type('form').send({ action: 'cancel' });
      expect(cancelled.status).toBe(303);
      expect(cancelled.headers.location).toBe(`http://localhost:3000/order/1?token=${id}`);
      expect((await api.get(`/v2/checkout/orders/${id}`)).body.status).toBe('CREATED');

      const approved = await request(standIn.url).post(`/checkoutnow?token=${id}`).type('form').send({ action: 'approve' });
      expect(approved.status).toBe(303);
      const payerId = (await api.get(`/v2/checkout/orders/${id}`)).body.payer.payer_id;
      expect(approved.headers.location).toBe(`http://localhost:3000/order/1?paid=1&token=${id}&PayerID=${payerId}`);
    });

    it('says so for an unknown or already paid order', async () => {
      expect((await request(standIn.url).get('/checkoutnow?token=NOPE')).status).toBe(404);
      const paid = await request(standIn.url).post('/stand-in/orders').send({ amount: { currency_code: 'USD', value: '1' } });
      const page = await request(standIn.url).get(`/checkoutnow?token=${paid.body.id}`);
      expect(page.text).toContain('already paid');
      expect((await request(standIn.url).post(`/checkoutnow?token=${paid.body.id}`).type('form').send({ action: 'approve' })).status).toBe(422);
    });

    it('refuses return URLs that are not http(s)', async () => {
      const res = await api.post('/v2/checkout/orders').send({ ...orderOf('1.00'), application_context: { return_url: 'javascript:alert(1)' } });
      expect(res.status).toBe(400);
      expect(res.body.details[0]).toMatchObject({ field: '/application_context/return_url', issue: 'INVALID_PARAMETER_SYNTAX' });
    });
  });

  describe('the SDK’s token', () => {
    it('is issued to the configured client id without a secret, and to nobody else', async () => {
      const ok = await request(standIn.url).post(`/stand-in/sdk/token?client-id=${standIn.clientId}`);
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({ token_type: 'Bearer', expires_in: 32400 });
      expect((await request(standIn.url).get('/v2/checkout/orders/NOPE').set('Authorization', `Bearer ${ok.body.access_token}`)).status).toBe(404);
      const wrong = await request(standIn.url).post('/stand-in/sdk/token?client-id=other');
      expect(wrong.status).toBe(401);
      expect(wrong.body).toEqual({ error: 'invalid_client', error_description: 'Client Authentication failed' });
    });
  });

  describe('CORS, for the shop’s pages', () => {
    it('answers preflight requests allowing what the page asks for', async () => {
      const res = await request(standIn.url)
        .options('/v2/checkout/orders')
        .set('Origin', 'http://localhost:3000')
        .set('Access-Control-Request-Method', 'POST')
        .set('Access-Control-Request-Headers', 'authorization,content-type');
      expect(res.status).toBe(204);
      expect(res.headers).toMatchObject({
        'access-control-allow-origin': '*',
        'access-control-allow-methods': expect.stringContaining('POST'),
        'access-control-allow-headers': 'authorization,content-type',
      });
    });

    it('lets any origin read every answer, errors included', async () => {
      for (const res of [await api.get('/v2/checkout/orders/NOPE').set('Origin', 'http://localhost:3000'), await request(standIn.url).get('/health')]) {
        expect(res.headers['access-control-allow-origin']).toBe('*');
      }
    });
  });
});

describe('PayPal stand-in without its test endpoints (the default, and what npm start runs)', () => {
  it('answers 404 to POST /stand-in/orders: nobody makes a completed capture out of nothing', async () => {
    const standIn = await startPayPalStandIn();
    try {
      const res = await request(standIn.url).post('/stand-in/orders').send({ amount: { currency_code: 'USD', value: '110.01' } });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ name: 'RESOURCE_NOT_FOUND' });
    } finally {
      await standIn.close();
    }
  });
});
