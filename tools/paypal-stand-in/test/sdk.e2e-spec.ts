import vm from 'node:vm';
import { type PayPalStandIn, startPayPalStandIn } from '../src/index.js';
import type { ApproveActions, ApproveData, ButtonsOptions } from '../src/sdk/paypal-sdk.js';
import { type FakeElement, loadScript } from './support/fake-dom.js';
import { accessToken, apiOf } from './support/paypal-api.js';

/** A promise and the functions that settle it. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const cart = { purchase_units: [{ amount: { currency_code: 'USD', value: '42.50' } }] };

describe('PayPal stand-in: JS SDK', () => {
  let standIn: PayPalStandIn;
  let api: ReturnType<typeof apiOf>;
  let sdkUrl: string;

  beforeAll(async () => {
    standIn = await startPayPalStandIn();
    api = apiOf(standIn, await accessToken(standIn));
    // As @paypal/paypal-js builds it: `${sdkBaseUrl}?client-id=…&currency=…` (values not encoded).
    sdkUrl = `${standIn.url}/sdk/js?client-id=${standIn.clientId}&currency=USD&intent=capture&components=buttons`;
  });

  afterAll(async () => {
    await standIn?.close();
  });

  /** Renders PayPal buttons into a fresh container and answers the one button drawn. */
  async function renderButton(options: ButtonsOptions, attributes: Record<string, string> = {}) {
    const page = await loadScript(sdkUrl, attributes);
    const container = page.document.container('paypal-button-container');
    const buttons = page.paypal.Buttons(options);
    await buttons.render('#paypal-button-container');
    const [button] = page.document.buttonsIn(container);
    return { page, container, buttons, button };
  }

  it('serves the script as JavaScript that any origin may load', async () => {
    const res = await fetch(sdkUrl, { headers: { Origin: 'http://localhost:3000' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/javascript; charset=utf-8');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const code = await res.text();
    expect(() => new vm.Script(code)).not.toThrow();
  });

  it.each([
    ['without a client id', '/sdk/js?currency=USD', 'Expected client-id to be passed'],
    ['for an unknown client id', '/sdk/js?client-id=someone-else', 'client-id not recognized for either production or sandbox: someone-else'],
    ['for an unsupported currency', '/sdk/js?client-id=sb-stand-in&currency=XYZ', 'Invalid query value for currency: XYZ'],
    // A name of Object's own properties is no currency either (it was found on the prototype: 200).
    ...['constructor', '__proto__', 'toString', 'hasOwnProperty'].map((currency) => [
      `for the currency ${currency}`,
      `/sdk/js?client-id=sb-stand-in&currency=${currency}`,
      `Invalid query value for currency: ${currency}`,
    ]),
  ])('answers 400 with a script that throws %s, so the loader rejects', async (_case, path, reason) => {
    const res = await fetch(`${standIn.url}${path}`);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toBe('application/javascript; charset=utf-8');
    const code = await res.text();
    expect(() => vm.runInNewContext(code)).toThrow(`SDK Validation error: '${reason}'`);
  });

  it('defines window.paypal with Buttons, as paypal-js expects after loading it', async () => {
    const { window, paypal } = await loadScript(sdkUrl);
    expect(window.paypal).toBe(paypal);
    expect(typeof paypal.Buttons).toBe('function');
    expect(paypal.FUNDING.PAYPAL).toBe('paypal');
    expect(paypal.Buttons({}).isEligible()).toBe(true);
    expect(paypal.Buttons({ fundingSource: 'venmo' }).isEligible()).toBe(false);
  });

  it('defines itself under the namespace of the script tag’s data-namespace', async () => {
    const { window } = await loadScript(sdkUrl, { 'data-namespace': 'paypal_sdk' });
    expect(window.paypal).toBeUndefined();
    expect(typeof (window.paypal_sdk as { Buttons?: unknown }).Buttons).toBe('function');
  });

  it('draws one accessible button labelled PayPal inside the container', async () => {
    const { container, button, page } = await renderButton({ style: { color: 'blue', shape: 'pill', height: 40 } });
    expect(page.document.buttonsIn(container)).toHaveLength(1);
    expect(button.getAttribute('type')).toBe('button');
    expect(button.textContent).toBe('PayPal');
    expect(button.style).toMatchObject({ background: '#0070ba', color: '#ffffff', height: '40px', borderRadius: '20px' });
    expect((button.parent as FakeElement).getAttribute('class')).toContain('paypal-buttons');
  });

  it('accepts an element as the container too, and removes the button on close', async () => {
    const page = await loadScript(sdkUrl);
    const container = page.document.container('checkout');
    const buttons = page.paypal.Buttons({});
    await buttons.render(container);
    expect(page.document.buttonsIn(container)).toHaveLength(1);
    await buttons.close();
    expect(page.document.buttonsIn(container)).toHaveLength(0);
  });

  it('rejects rendering into a container that does not exist', async () => {
    const page = await loadScript(sdkUrl);
    await expect(page.paypal.Buttons({}).render('#nowhere')).rejects.toThrow('Document is ready and element #nowhere does not exist');
  });

  it('creates, approves and captures an order through the API when the buyer clicks the button', async () => {
    const approvedWith = deferred<{ data: ApproveData; details: Record<string, unknown> }>();
    const createOrderData: unknown[] = [];
    const { button } = await renderButton({
      createOrder: (data, actions) => {
        createOrderData.push(data);
        return actions.order.create(cart);
      },
      onApprove: async (data: ApproveData, actions: ApproveActions) => {
        const details = await actions.order.capture();
        approvedWith.resolve({ data, details });
      },
      onError: (error) => approvedWith.reject(error),
    });

    button.click();
    expect(button.disabled).toBe(true);
    const { data, details } = await approvedWith.promise;

    expect(createOrderData).toEqual([{ paymentSource: 'paypal' }]);
    expect(data).toMatchObject({ orderID: expect.stringMatching(/^[A-Z0-9]{17}$/), payerID: expect.stringMatching(/^[2-9A-HJ-NP-Z]{13}$/) });
    expect(details).toMatchObject({
      id: data.orderID,
      status: 'COMPLETED',
      purchase_units: [{ payments: { captures: [{ status: 'COMPLETED', amount: { currency_code: 'USD', value: '42.50' } }] } }],
      payer: { email_address: 'sb-buyer@personal.example.com', payer_id: data.payerID },
    });
    const order = await api.get(`/v2/checkout/orders/${data.orderID}`);
    expect(order.body).toMatchObject({ status: 'COMPLETED', purchase_units: [{ amount: { currency_code: 'USD', value: '42.50' } }] });
    await new Promise((resolve) => setImmediate(resolve));
    expect(button.disabled).toBe(false);
  });

  it('lets onApprove read the approved order with actions.order.get', async () => {
    const got = deferred<Record<string, unknown>>();
    const { button } = await renderButton({
      createOrder: (_data, actions) => actions.order.create(cart),
      onApprove: async (_data, actions) => got.resolve(await actions.order.get()),
      onError: (error) => got.reject(error),
    });
    button.click();
    expect(await got.promise).toMatchObject({ status: 'APPROVED', payer: { name: { given_name: 'John', surname: 'Doe' } } });
  });

  it('accepts an order created by the merchant server and captures it when there is no onApprove', async () => {
    const orderId = await api.createOrder('15.00');
    const created = deferred<void>();
    const { button } = await renderButton({
      createOrder: async () => {
        created.resolve();
        return orderId;
      },
    });
    button.click();
    await created.promise;
    const deadline = Date.now() + 5_000;
    let status = 'CREATED';
    while (status !== 'COMPLETED' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      status = (await api.get(`/v2/checkout/orders/${orderId}`)).body.status;
    }
    expect(status).toBe('COMPLETED');
  });

  it('reports a createOrder that fails to onError, and approves nothing', async () => {
    const failed = deferred<Error>();
    const approvals: unknown[] = [];
    const { button } = await renderButton({
      createOrder: () => Promise.reject(new Error('the shop could not create the order')),
      onApprove: (data) => approvals.push(data),
      onError: (error) => failed.resolve(error),
    });
    button.click();
    expect((await failed.promise).message).toBe('the shop could not create the order');
    expect(approvals).toEqual([]);
  });

  it('reports an order in another currency than the script’s to onError, as PayPal’s SDK does', async () => {
    const failed = deferred<Error>();
    const { button } = await renderButton({
      createOrder: (_data, actions) => actions.order.create({ purchase_units: [{ amount: { currency_code: 'EUR', value: '5.00' } }] }),
      onError: (error) => failed.resolve(error),
    });
    button.click();
    expect((await failed.promise).message).toContain('Unexpected currency: EUR passed to order.create');
  });

  it('reports an order PayPal refuses to onError with the API answer', async () => {
    const failed = deferred<Error>();
    const { button } = await renderButton({
      createOrder: (_data, actions) => actions.order.create({ purchase_units: [{ amount: { value: 'abc' } }] }),
      onError: (error) => failed.resolve(error),
    });
    button.click();
    const { message } = await failed.promise;
    expect(message).toMatch(/^\/v2\/checkout\/orders returned status 400 \(Corr ID: [0-9a-f]{13}\)/);
    expect(message).toContain('INVALID_PARAMETER_SYNTAX');
  });

  it('reports a capture that fails inside onApprove to onError', async () => {
    const failed = deferred<Error>();
    const { button } = await renderButton({
      createOrder: (_data, actions) => actions.order.create(cart),
      onApprove: async (_data, actions) => {
        await actions.order.capture();
        await actions.order.capture();
      },
      onError: (error) => failed.resolve(error),
    });
    button.click();
    expect((await failed.promise).message).toContain('ORDER_ALREADY_CAPTURED');
  });

  it('calls onCancel instead of approving when the script tag says the buyer cancels', async () => {
    const cancelled = deferred<{ orderID: string }>();
    const approvals: unknown[] = [];
    const { button } = await renderButton(
      {
        createOrder: (_data, actions) => actions.order.create(cart),
        onApprove: (data) => approvals.push(data),
        onCancel: (data) => cancelled.resolve(data),
      },
      { 'data-stand-in-approval': 'cancel' },
    );
    button.click();
    const { orderID } = await cancelled.promise;
    expect((await api.get(`/v2/checkout/orders/${orderID}`)).body.status).toBe('CREATED');
    expect(approvals).toEqual([]);
  });

  it('does nothing when onClick rejects the click or the buttons are disabled', async () => {
    const created: unknown[] = [];
    const createOrder = (data: unknown) => created.push(data);
    const rejecting = await renderButton({ createOrder, onClick: (_data, actions) => actions.reject() });
    rejecting.button.click();
    const disabled = await renderButton({ createOrder, onInit: (_data, actions) => void actions.disable() });
    disabled.button.click();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(created).toEqual([]);
  });
});
