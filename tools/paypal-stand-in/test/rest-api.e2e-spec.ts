import request from 'supertest';
import { type PayPalStandIn, startPayPalStandIn } from '../src/index.js';
import { PAYPAL_TIME, accessToken, apiOf, orderOf } from './support/paypal-api.js';

describe('PayPal stand-in: REST API', () => {
  let standIn: PayPalStandIn;
  let api: ReturnType<typeof apiOf>;

  beforeAll(async () => {
    standIn = await startPayPalStandIn();
    api = apiOf(standIn, await accessToken(standIn));
  });

  afterAll(async () => {
    await standIn?.close();
  });

  describe('OAuth token', () => {
    it('issues a bearer token for the configured client id and secret', async () => {
      const res = await request(standIn.url)
        .post('/v1/oauth2/token')
        .auth('sb-stand-in', 'stand-in-secret')
        .type('form')
        .send('grant_type=client_credentials');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body).toEqual({
        scope: expect.stringContaining('https://uri.paypal.com/services/payments/payment'),
        access_token: expect.stringMatching(/^A21AA[\w-]{40,}$/),
        token_type: 'Bearer',
        app_id: expect.stringMatching(/^APP-/),
        expires_in: 32400,
        nonce: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z.+/),
      });
    });

    it.each([
      ['a wrong secret', (r: request.Test) => r.auth('sb-stand-in', 'wrong')],
      ['an unknown client id', (r: request.Test) => r.auth('someone-else', 'stand-in-secret')],
      ['no credentials', (r: request.Test) => r],
      ['a bearer token instead of Basic', (r: request.Test) => r.set('Authorization', 'Bearer abc')],
    ])('refuses %s with invalid_client', async (_case, withCredentials) => {
      const res = await withCredentials(request(standIn.url).post('/v1/oauth2/token').type('form')).send('grant_type=client_credentials');
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'invalid_client', error_description: 'Client Authentication failed' });
    });

    it('refuses a missing or other grant type', async () => {
      const token = () => request(standIn.url).post('/v1/oauth2/token').auth(standIn.clientId, standIn.clientSecret).type('form');
      const missing = await token().send('');
      expect(missing.status).toBe(400);
      expect(missing.body).toEqual({ error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' });
      const other = await token().send('grant_type=password');
      expect(other.status).toBe(400);
      expect(other.body).toEqual({ error: 'unsupported_grant_type', error_description: 'unsupported grant_type' });
    });

    it('is honoured with the client id and secret it was started with', async () => {
      const custom = await startPayPalStandIn({ clientId: 'shop-app', clientSecret: 's3cret' });
      try {
        const token = (id: string, secret: string) =>
          request(custom.url).post('/v1/oauth2/token').auth(id, secret).type('form').send('grant_type=client_credentials');
        expect((await token('shop-app', 's3cret')).status).toBe(200);
        expect((await token('sb-stand-in', 'stand-in-secret')).status).toBe(401);
      } finally {
        await custom.close();
      }
    });
  });

  it('asks every Orders call for a bearer token it issued, answering AUTHENTICATION_FAILURE otherwise', async () => {
    const id = await api.createOrder();
    const failure = {
      name: 'AUTHENTICATION_FAILURE',
      message: 'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
      links: [{ href: 'https://developer.paypal.com/docs/api/overview/#error', rel: 'information_link' }],
    };
    const calls = [
      request(standIn.url).post('/v2/checkout/orders').send(orderOf('1.00')),
      request(standIn.url).get(`/v2/checkout/orders/${id}`),
      request(standIn.url).get(`/v2/checkout/orders/${id}`).set('Authorization', 'Bearer A21AAnot-a-token-it-issued'),
      request(standIn.url).get(`/v2/checkout/orders/${id}`).auth(standIn.clientId, standIn.clientSecret),
      request(standIn.url).post(`/v2/checkout/orders/${id}/capture`).send({}),
    ];
    for (const call of calls) {
      const res = await call;
      expect(res.status).toBe(401);
      expect(res.body).toEqual(failure);
    }
  });

  it('runs a payment from creation through approval to capture', async () => {
    const created = await api.post('/v2/checkout/orders').send(orderOf('10.5'));
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect(id).toMatch(/^[A-Z0-9]{17}$/);
    const self = `${standIn.url}/v2/checkout/orders/${id}`;
    expect(created.body).toEqual({
      id,
      status: 'CREATED',
      links: [
        { href: self, rel: 'self', method: 'GET' },
        { href: `${standIn.url}/checkoutnow?token=${id}`, rel: 'approve', method: 'GET' },
        { href: self, rel: 'update', method: 'PATCH' },
        { href: `${self}/capture`, rel: 'capture', method: 'POST' },
      ],
    });

    const shown = await api.get(`/v2/checkout/orders/${id}`);
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual({
      id,
      intent: 'CAPTURE',
      status: 'CREATED',
      purchase_units: [
        {
          reference_id: 'default',
          amount: { currency_code: 'USD', value: '10.50' },
          payee: { email_address: expect.stringContaining('@'), merchant_id: expect.stringMatching(/^[2-9A-HJ-NP-Z]{13}$/) },
        },
      ],
      create_time: expect.stringMatching(PAYPAL_TIME),
      links: created.body.links,
    });

    const approved = await request(standIn.url).post(`/stand-in/orders/${id}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ id, status: 'APPROVED' });

    const captured = await api.post(`/v2/checkout/orders/${id}/capture`).send({});
    expect(captured.status).toBe(201);
    const payer = {
      name: { given_name: 'John', surname: 'Doe' },
      email_address: 'sb-buyer@personal.example.com',
      payer_id: expect.stringMatching(/^[2-9A-HJ-NP-Z]{13}$/),
      address: { country_code: 'US' },
    };
    const capture = captured.body.purchase_units[0].payments.captures[0];
    expect(captured.body).toMatchObject({
      id,
      status: 'COMPLETED',
      payment_source: { paypal: { email_address: 'sb-buyer@personal.example.com', account_status: 'VERIFIED' } },
      purchase_units: [{ reference_id: 'default', payments: { captures: [expect.any(Object)] } }],
      payer,
      links: [{ href: self, rel: 'self', method: 'GET' }],
    });
    expect(capture).toMatchObject({
      id: expect.stringMatching(/^[A-Z0-9]{17}$/),
      status: 'COMPLETED',
      amount: { currency_code: 'USD', value: '10.50' },
      final_capture: true,
      seller_receivable_breakdown: {
        gross_amount: { currency_code: 'USD', value: '10.50' },
        paypal_fee: { currency_code: 'USD', value: '0.86' },
        net_amount: { currency_code: 'USD', value: '9.64' },
      },
      create_time: expect.stringMatching(PAYPAL_TIME),
      update_time: expect.stringMatching(PAYPAL_TIME),
    });

    const paid = await api.get(`/v2/checkout/orders/${id}`);
    expect(paid.body).toMatchObject({
      id,
      status: 'COMPLETED',
      purchase_units: [{ reference_id: 'default', amount: { currency_code: 'USD', value: '10.50' }, payments: { captures: [capture] } }],
      payer,
      create_time: shown.body.create_time,
      update_time: expect.stringMatching(PAYPAL_TIME),
      links: [{ href: self, rel: 'self', method: 'GET' }],
    });
    expect(paid.body.purchase_units[0].payee).toEqual(shown.body.purchase_units[0].payee);

    const lookedUp = await api.get(`/v2/payments/captures/${capture.id}`);
    expect(lookedUp.status).toBe(200);
    expect(lookedUp.body).toMatchObject({ ...capture, supplementary_data: { related_ids: { order_id: id } } });
  });

  it('writes every amount with the decimals of its currency', async () => {
    const cases: [string | number, string, string][] = [
      [10, 'USD', '10.00'],
      ['0.5', 'EUR', '0.50'],
      ['1500', 'JPY', '1500'],
    ];
    for (const [value, currency, written] of cases) {
      const id = await api.createOrder(value, currency);
      const res = await api.get(`/v2/checkout/orders/${id}`);
      expect(res.body.purchase_units[0].amount).toEqual({ currency_code: currency, value: written });
    }
  });

  it('answers an unknown order with RESOURCE_NOT_FOUND and a debug id', async () => {
    for (const call of [api.get('/v2/checkout/orders/5O190127TN364715T'), api.post('/v2/checkout/orders/NOPE/capture').send({})]) {
      const res = await call;
      expect(res.status).toBe(404);
      expect(res.body).toEqual({
        name: 'RESOURCE_NOT_FOUND',
        message: 'The specified resource does not exist.',
        debug_id: expect.stringMatching(/^[0-9a-f]{13}$/),
        details: [{ issue: 'INVALID_RESOURCE_ID', description: 'Specified resource ID does not exist. Please check the resource ID and try again.' }],
        links: [{ href: 'https://developer.paypal.com/docs/api/orders/v2/#error-INVALID_RESOURCE_ID', rel: 'information_link', method: 'GET' }],
      });
      expect(res.headers['paypal-debug-id']).toBe(res.body.debug_id);
    }
    expect((await api.get('/v2/payments/captures/5O190127TN364715T')).status).toBe(404);
  });

  it('refuses to capture an order the buyer has not approved', async () => {
    const id = await api.createOrder();
    const res = await api.post(`/v2/checkout/orders/${id}/capture`).send({});
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      name: 'UNPROCESSABLE_ENTITY',
      message: 'The requested action could not be performed, semantically incorrect, or failed business validation.',
      debug_id: expect.stringMatching(/^[0-9a-f]{13}$/),
      details: [{ issue: 'ORDER_NOT_APPROVED', description: expect.stringMatching(/^Payer has not yet approved the Order for payment\./) }],
    });
    expect((await api.get(`/v2/checkout/orders/${id}`)).body.status).toBe('CREATED');
  });

  it('refuses to capture an order twice', async () => {
    const id = await api.createOrder('25.00');
    standIn.approve(id);
    const first = await api.post(`/v2/checkout/orders/${id}/capture`).send({});
    expect(first.status).toBe(201);
    const second = await api.post(`/v2/checkout/orders/${id}/capture`).send({});
    expect(second.status).toBe(422);
    expect(second.body).toMatchObject({
      name: 'UNPROCESSABLE_ENTITY',
      details: [{ issue: 'ORDER_ALREADY_CAPTURED', description: "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed." }],
    });
    const order = await api.get(`/v2/checkout/orders/${id}`);
    expect(order.body.purchase_units[0].payments.captures).toEqual(first.body.purchase_units[0].payments.captures);
  });

  describe('order validation, as PayPal answers it', () => {
    const unit = "/purchase_units/@reference_id=='default'";
    it.each([
      ['no amount', { intent: 'CAPTURE', purchase_units: [{}] }, 400, 'MISSING_REQUIRED_PARAMETER', `${unit}/amount`],
      ['a value that is not a number', orderOf('abc'), 400, 'INVALID_PARAMETER_SYNTAX', `${unit}/amount/value`],
      ['no currency', { intent: 'CAPTURE', purchase_units: [{ amount: { value: '1.00' } }] }, 400, 'MISSING_REQUIRED_PARAMETER', `${unit}/amount/currency_code`],
      ['a currency of 2 letters', orderOf('1.00', 'US'), 400, 'INVALID_STRING_LENGTH', `${unit}/amount/currency_code`],
      ['no intent', { purchase_units: orderOf('1.00').purchase_units }, 400, 'MISSING_REQUIRED_PARAMETER', '/intent'],
      ['an unknown intent', { ...orderOf('1.00'), intent: 'SALE' }, 400, 'INVALID_PARAMETER_VALUE', '/intent'],
      ['no purchase units', { intent: 'CAPTURE' }, 400, 'MISSING_REQUIRED_PARAMETER', '/purchase_units'],
      ['an empty list of purchase units', { intent: 'CAPTURE', purchase_units: [] }, 400, 'INVALID_ARRAY_MIN_ITEMS', '/purchase_units'],
      ['an unsupported currency', orderOf('1.00', 'XYZ'), 422, 'INVALID_CURRENCY_CODE', `${unit}/amount/currency_code`],
      ['three decimals', orderOf('10.555'), 422, 'DECIMAL_PRECISION', `${unit}/amount/value`],
      ['a zero amount', orderOf('0.00'), 422, 'CANNOT_BE_ZERO_OR_NEGATIVE', `${unit}/amount/value`],
      ['a negative amount', orderOf('-5.00'), 422, 'CANNOT_BE_ZERO_OR_NEGATIVE', `${unit}/amount/value`],
      [
        'a breakdown that does not add up',
        {
          intent: 'CAPTURE',
          purchase_units: [{ amount: { currency_code: 'USD', value: '10.00', breakdown: { item_total: { currency_code: 'USD', value: '9.00' } } } }],
        },
        422,
        'AMOUNT_MISMATCH',
        `${unit}/amount/value`,
      ],
      [
        'priced items without an item total',
        orderOf('10.00', 'USD', { items: [{ name: 'Mouse', quantity: '1', unit_amount: { currency_code: 'USD', value: '10.00' } }] }),
        422,
        'ITEM_TOTAL_REQUIRED',
        `${unit}/amount/breakdown/item_total`,
      ],
    ])('refuses %s', async (_case, body, status, issue, field) => {
      const res = await api.post('/v2/checkout/orders').send(body);
      expect(res.status).toBe(status);
      expect(res.body).toMatchObject({
        name: status === 400 ? 'INVALID_REQUEST' : 'UNPROCESSABLE_ENTITY',
        message: expect.any(String),
        debug_id: expect.stringMatching(/^[0-9a-f]{13}$/),
        details: [{ field, location: 'body', issue, description: expect.any(String) }],
        links: [{ href: `https://developer.paypal.com/docs/api/orders/v2/#error-${issue}`, rel: 'information_link', method: 'GET' }],
      });
    });

    it('refuses a body that is not JSON', async () => {
      const res = await api.post('/v2/checkout/orders').set('Content-Type', 'application/json').send('{"intent":');
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ name: 'INVALID_REQUEST', details: [{ field: '/', location: 'body', issue: 'MALFORMED_REQUEST_JSON' }] });
    });

    it('reports schema problems before business ones, all of them at once', async () => {
      const res = await api.post('/v2/checkout/orders').send({ purchase_units: [{ amount: { currency_code: 'USD', value: 'x' } }, { amount: { currency_code: 'XYZ', value: '1' } }] });
      expect(res.status).toBe(400);
      expect(res.body.details.map((d: { issue: string }) => d.issue)).toEqual(['MISSING_REQUIRED_PARAMETER', 'INVALID_PARAMETER_SYNTAX']);
    });

    it('accepts several purchase units only with distinct reference ids', async () => {
      const twoUnits = (a: string | undefined, b: string) => ({
        intent: 'CAPTURE',
        purchase_units: [
          { reference_id: a, amount: { currency_code: 'USD', value: '1.00' } },
          { reference_id: b, amount: { currency_code: 'USD', value: '2.00' } },
        ],
      });
      expect((await api.post('/v2/checkout/orders').send(twoUnits('a', 'a'))).body.details[0].issue).toBe('DUPLICATE_REFERENCE_ID');
      expect((await api.post('/v2/checkout/orders').send(twoUnits(undefined, 'b'))).body.details[0].issue).toBe('REFERENCE_ID_REQUIRED');
      const created = await api.post('/v2/checkout/orders').send(twoUnits('a', 'b'));
      expect(created.status).toBe(201);
      standIn.approve(created.body.id);
      const captured = await api.post(`/v2/checkout/orders/${created.body.id}/capture`).send({});
      expect(captured.body.purchase_units.map((u: { payments: { captures: { amount: { value: string } }[] } }) => u.payments.captures[0].amount.value)).toEqual([
        '1.00',
        '2.00',
      ]);
    });

    it('keeps a consistent breakdown, items and the merchant references, and answers them back', async () => {
      const body = {
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: 'shop-order-42',
            custom_id: 'order-42',
            description: 'Shop order 42',
            amount: {
              currency_code: 'USD',
              value: '110.00',
              breakdown: { item_total: { currency_code: 'USD', value: '100.00' }, tax_total: { currency_code: 'USD', value: '10' } },
            },
            items: [{ name: 'Mouse', quantity: '2', unit_amount: { currency_code: 'USD', value: '50.00' } }],
          },
        ],
      };
      const created = await api.post('/v2/checkout/orders').set('Prefer', 'return=representation').send(body);
      expect(created.status).toBe(201);
      expect(created.body.purchase_units[0]).toMatchObject({
        reference_id: 'shop-order-42',
        custom_id: 'order-42',
        description: 'Shop order 42',
        amount: {
          currency_code: 'USD',
          value: '110.00',
          breakdown: { item_total: { currency_code: 'USD', value: '100.00' }, tax_total: { currency_code: 'USD', value: '10.00' } },
        },
        items: body.purchase_units[0].items,
      });
      standIn.approve(created.body.id);
      const captured = await api.post(`/v2/checkout/orders/${created.body.id}/capture`).send({});
      expect(captured.body.purchase_units[0].payments.captures[0]).toMatchObject({ custom_id: 'order-42', amount: { value: '110.00' } });
    });
  });

  describe('PayPal-Request-Id', () => {
    it('creates one order however often the same request is repeated', async () => {
      const send = (key: string) => api.post('/v2/checkout/orders').set('PayPal-Request-Id', key).send(orderOf('12.00'));
      const first = await send('checkout-1');
      const again = await send('checkout-1');
      const other = await send('checkout-2');
      expect(first.status).toBe(201);
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
      expect(other.status).toBe(201);
      expect(other.body.id).not.toBe(first.body.id);
    });

    it('captures once however often the same capture is repeated', async () => {
      const id = await api.createOrder('30.00');
      standIn.approve(id);
      const capture = () => api.post(`/v2/checkout/orders/${id}/capture`).set('PayPal-Request-Id', `capture-${id}`).send({});
      const first = await capture();
      const again = await capture();
      expect(first.status).toBe(201);
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
      const withoutKey = await api.post(`/v2/checkout/orders/${id}/capture`).send({});
      expect(withoutKey.status).toBe(422);
      expect(withoutKey.body.details[0].issue).toBe('ORDER_ALREADY_CAPTURED');
    });
  });

  it('answers the whole order or only its id and status as Prefer asks', async () => {
    const full = await api.post('/v2/checkout/orders').set('Prefer', 'return=representation').send(orderOf('5.00'));
    expect(full.status).toBe(201);
    expect(full.body).toMatchObject({ intent: 'CAPTURE', status: 'CREATED', purchase_units: [{ amount: { value: '5.00' } }] });
    standIn.approve(full.body.id);
    const minimal = await api.post(`/v2/checkout/orders/${full.body.id}/capture`).set('Prefer', 'return=minimal').send({});
    expect(minimal.status).toBe(201);
    expect(Object.keys(minimal.body)).toEqual(['id', 'status', 'links']);
  });

  it('does not update orders, and says so in PayPal terms', async () => {
    const id = await api.createOrder();
    const res = await api.patch(`/v2/checkout/orders/${id}`).send([{ op: 'replace', path: "/purchase_units/@reference_id=='default'/amount", value: {} }]);
    expect(res.status).toBe(422);
    expect(res.body.details[0].issue).toBe('UPDATE_NOT_SUPPORTED_BY_STAND_IN');
  });

  it('answers unknown paths 404 and known paths with another method 405', async () => {
    expect((await api.get('/v1/payments/payment')).status).toBe(404);
    const wrongMethod = await request(standIn.url).delete('/v2/checkout/orders');
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.body).toMatchObject({ name: 'METHOD_NOT_SUPPORTED' });
  });
});
