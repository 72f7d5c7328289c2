/**
 * The stand-in of PayPal's JS SDK as it runs in the browser: `paypal.Buttons`
 * draws one button labelled "PayPal" that creates the order (through the
 * merchant's `createOrder`), has the buyer approve it at once, then calls
 * `onApprove`, whose `actions.order.capture()` captures through the same API.
 *
 * `installPayPalStandInSdk` is sent to the browser as its own source text
 * (see sdk-script.ts), so its body must stay self-contained: no imports and
 * no reference to anything outside it. The types below are erased.
 */

/** What the server writes into the script. */
export interface SdkConfig {
  clientId: string;
  /** The `currency` of the script URL: orders in another currency are refused, as PayPal's SDK does. */
  currency: string;
  intent: string;
  /** The stand-in's address as the server saw it; the script's own `src` wins when it has one. */
  apiBase: string;
  version: string;
}

/** The few DOM features the SDK uses (the workspace compiles without the DOM library). */
export interface SdkElement {
  readonly style: object;
  textContent: string | null;
  disabled?: boolean;
  src?: string;
  setAttribute(name: string, value: string): void;
  getAttribute(name: string): string | null;
  appendChild(child: SdkElement): unknown;
  addEventListener(type: 'click', listener: () => void): void;
  remove(): void;
}

export interface SdkDocument {
  currentScript: SdkElement | null;
  createElement(tag: string): SdkElement;
  querySelector(selector: string): SdkElement | null;
}

interface SdkResponse {
  ok: boolean;
  status: number;
  headers: { get(name: string): string | null };
  text(): Promise<string>;
}

interface SdkGlobal {
  document: SdkDocument;
  fetch(url: string, init: { method: string; headers: Record<string, string>; body?: string }): Promise<SdkResponse>;
  reportError?(error: unknown): void;
  [namespace: string]: unknown;
}

type Json = Record<string, unknown>;

/** The body merchants pass to `actions.order.create`. */
export interface OrderCreateBody {
  intent?: string;
  purchase_units?: ({ amount?: { currency_code?: string } & Json } & Json)[];
  [field: string]: unknown;
}

export interface CreateOrderActions {
  order: { create(body: OrderCreateBody): Promise<string> };
}

export interface ApproveData {
  orderID: string;
  payerID?: string;
  paymentID: string;
  billingToken: null;
  facilitatorAccessToken: string;
  paymentSource: string;
}

export interface ApproveActions {
  order: { capture(): Promise<Json>; get(): Promise<Json> };
}

/** The options of `paypal.Buttons` that the stand-in honours. */
export interface ButtonsOptions {
  fundingSource?: string;
  style?: { color?: string; shape?: string; height?: number; borderRadius?: number; disableMaxWidth?: boolean; label?: string; layout?: string };
  onInit?(data: Json, actions: { enable(): Promise<void>; disable(): Promise<void> }): void;
  onClick?(data: { fundingSource: string }, actions: { resolve(): Promise<void>; reject(): Promise<void> }): unknown;
  createOrder?(data: { paymentSource: string }, actions: CreateOrderActions): unknown;
  onApprove?(data: ApproveData, actions: ApproveActions): unknown;
  onCancel?(data: { orderID: string }): unknown;
  onError?(error: Error): unknown;
}

export interface ButtonsInstance {
  isEligible(): boolean;
  render(container: string | SdkElement): Promise<void>;
  close(): Promise<void>;
}

/** What the script puts on `window.paypal` (or the `data-namespace` of its tag). */
export interface PayPalNamespace {
  version: string;
  FUNDING: Record<string, string>;
  Buttons(options?: ButtonsOptions): ButtonsInstance;
  getFundingSources(): string[];
  isFundingEligible(source: string): boolean;
}

export function installPayPalStandInSdk(config: SdkConfig): void {
  const root = globalThis as unknown as SdkGlobal;
  const doc = root.document;
  const script = doc.currentScript;
  const namespace = script?.getAttribute('data-namespace') || 'paypal';
  // The stand-in's own way to test a buyer who closes PayPal's window: <script data-stand-in-approval="cancel">.
  const buyerCancels = script?.getAttribute('data-stand-in-approval') === 'cancel';
  const apiBase = script?.src ? script.src.split('?')[0].replace(/\/sdk\/js$/, '') : config.apiBase;
  const FUNDING = { PAYPAL: 'paypal', VENMO: 'venmo', PAYLATER: 'paylater', CREDIT: 'credit', CARD: 'card' };
  const PALETTE: Record<string, [background: string, text: string, border: string]> = {
    gold: ['#ffc439', '#003087', '#ffc439'],
    blue: ['#0070ba', '#ffffff', '#0070ba'],
    silver: ['#eeeeee', '#003087', '#eeeeee'],
    white: ['#ffffff', '#003087', '#555555'],
    black: ['#2c2e2f', '#ffffff', '#2c2e2f'],
  };

  let token: Promise<string> | undefined;

  async function call(method: string, path: string, body?: unknown, authorized = true): Promise<Json> {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (authorized) headers.Authorization = `Bearer ${await accessToken()}`;
    const init = body === undefined ? { method, headers } : { method, headers, body: JSON.stringify(body) };
    const response = await root.fetch(`${apiBase}${path}`, init);
    const text = await response.text();
    if (!response.ok) {
      const debugId = response.headers.get('paypal-debug-id') ?? 'none';
      throw new Error(`${path.split('?')[0]} returned status ${response.status} (Corr ID: ${debugId}).\n\n${text}`);
    }
    return text ? (JSON.parse(text) as Json) : {};
  }

  function accessToken(): Promise<string> {
    token ??= call('POST', `/stand-in/sdk/token?client-id=${encodeURIComponent(config.clientId)}`, undefined, false).then(
      (answer) => String(answer.access_token),
      (error: unknown) => {
        token = undefined;
        throw error;
      },
    );
    return token;
  }

  async function createOrder(body: OrderCreateBody): Promise<string> {
    const units = (body?.purchase_units ?? []).map((unit) => {
      const currency = unit?.amount?.currency_code;
      if (currency !== undefined && currency !== config.currency) {
        throw new Error(
          `Unexpected currency: ${currency} passed to order.create. Please ensure you are passing /sdk/js?currency=${currency} in the paypal script tag.`,
        );
      }
      return unit?.amount ? { ...unit, amount: { ...unit.amount, currency_code: config.currency } } : unit;
    });
    const order = await call('POST', '/v2/checkout/orders', { intent: config.intent.toUpperCase(), ...body, purchase_units: units });
    return String(order.id);
  }

  function approveActions(orderID: string): ApproveActions {
    const path = `/v2/checkout/orders/${encodeURIComponent(orderID)}`;
    return { order: { capture: () => call('POST', `${path}/capture`, {}), get: () => call('GET', path) } };
  }

  function Buttons(options: ButtonsOptions = {}): ButtonsInstance {
    const fundingSource = options.fundingSource ?? FUNDING.PAYPAL;
    let box: SdkElement | undefined;
    let button: SdkElement | undefined;
    let closed = false;
    let enabled = true;
    let busy = false;

    function report(error: unknown): void {
      const failure = typeof error === 'object' && error !== null && 'message' in error ? (error as Error) : new Error(String(error));
      const onError = options.onError;
      if (onError) Promise.resolve().then(() => onError(failure)).catch(() => undefined);
      else root.reportError?.(failure);
    }

    function showBusy(value: boolean): void {
      busy = value;
      if (!button) return;
      button.disabled = value;
      button.setAttribute('aria-busy', String(value));
    }

    async function pay(): Promise<void> {
      if (busy || closed) return;
      try {
        if (options.onClick) {
          let rejected = false;
          const answer = await options.onClick(
            { fundingSource },
            {
              resolve: async () => undefined,
              reject: async () => {
                rejected = true;
              },
            },
          );
          if (answer === false || rejected) return;
        }
        if (!enabled) return;
        showBusy(true);
        if (!options.createOrder) throw new Error('Expected createOrder to be passed to paypal.Buttons');
        const orderID = await options.createOrder({ paymentSource: fundingSource }, { order: { create: createOrder } });
        if (typeof orderID !== 'string' || !orderID) throw new Error('Expected an order id to be passed');
        if (buyerCancels) {
          await options.onCancel?.({ orderID });
          return;
        }
        const approved = await call('POST', `/stand-in/orders/${encodeURIComponent(orderID)}/approve`, {}, false);
        const payer = approved.payer as { payer_id?: string } | undefined;
        const data: ApproveData = {
          orderID,
          payerID: payer?.payer_id,
          paymentID: orderID,
          billingToken: null,
          facilitatorAccessToken: await accessToken(),
          paymentSource: fundingSource,
        };
        const actions = approveActions(orderID);
        // Without onApprove, PayPal's SDK captures by itself.
        if (options.onApprove) await options.onApprove(data, actions);
        else await actions.order.capture();
      } catch (error) {
        report(error);
      } finally {
        showBusy(false);
      }
    }

    function draw(container: SdkElement): void {
      const style = options.style ?? {};
      const [background, text, border] = PALETTE[style.color ?? 'gold'] ?? PALETTE.gold;
      const height = Math.min(55, Math.max(25, Number(style.height) || 45));
      const radius = typeof style.borderRadius === 'number' ? style.borderRadius : style.shape === 'pill' ? height / 2 : style.shape === 'sharp' ? 0 : 4;
      box = doc.createElement('div');
      box.setAttribute('class', 'paypal-buttons paypal-buttons-stand-in');
      box.setAttribute('data-funding-source', fundingSource);
      Object.assign(box.style, { width: '100%', minWidth: '150px', maxWidth: style.disableMaxWidth ? 'none' : '750px' });
      button = doc.createElement('button');
      button.setAttribute('type', 'button');
      button.textContent = 'PayPal';
      Object.assign(button.style, {
        display: 'block',
        width: '100%',
        height: `${height}px`,
        padding: '0 16px',
        border: `1px solid ${border}`,
        borderRadius: `${radius}px`,
        background,
        color: text,
        font: "italic 700 18px/1 'Helvetica Neue', Arial, sans-serif",
        cursor: 'pointer',
      });
      button.addEventListener('click', () => void pay());
      box.appendChild(button);
      container.appendChild(box);
    }

    return {
      isEligible: () => fundingSource === FUNDING.PAYPAL,
      render(container) {
        try {
          if (closed) throw new Error('Buttons were closed');
          if (box) throw new Error('Buttons can be rendered only once');
          const target = typeof container === 'string' ? doc.querySelector(container) : container;
          if (!target) throw new Error(`Document is ready and element ${String(container)} does not exist`);
          draw(target);
          options.onInit?.(
            {},
            {
              enable: async () => {
                enabled = true;
              },
              disable: async () => {
                enabled = false;
              },
            },
          );
          return Promise.resolve();
        } catch (error) {
          return Promise.reject(error);
        }
      },
      close() {
        closed = true;
        box?.remove();
        box = undefined;
        button = undefined;
        return Promise.resolve();
      },
    };
  }

  const paypal: PayPalNamespace = {
    version: config.version,
    FUNDING,
    Buttons,
    getFundingSources: () => [FUNDING.PAYPAL],
    isFundingEligible: (source) => source === FUNDING.PAYPAL,
  };
  root[namespace] = paypal;
}
