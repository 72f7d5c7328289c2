import type { ReactNode } from 'react';
import { jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { OrderDto, OrderEventDto, RemotePartProps } from '@shop/contracts';
import { provideRemoteParts } from '@shop/shop-client';
import { aCustomer, anAdmin, anOrder, mockApi, type ApiCall, type ApiReply, type ApiRoutes } from '@shop/web-testing';

/**
 * PayPal's SDK cannot load in jsdom, so '@paypal/react-paypal-js' is replaced before the page is imported
 * (ESM: jest.unstable_mockModule, then a dynamic import). The stand-in keeps its contract: the provider
 * takes the options, the reducer reports the script's state, and the button calls createOrder (whose
 * answer is PayPal's order id), then onApprove with that id (or onError).
 */
interface FakeButtonsProps {
  createOrder: (data: object, actions: { order: { create: (body: unknown) => Promise<string> } }) => Promise<string>;
  onApprove: (data: { orderID: string }, actions: { order?: { capture: () => Promise<unknown> } }) => Promise<void>;
  onError: (error: unknown) => void;
}

const paypal = {
  script: { isPending: false, isRejected: false, isResolved: true, isInitial: false, options: {} },
  providerOptions: [] as unknown[],
  createdOrders: [] as unknown[],
  capture: {
    id: '5O190127TN364715T',
    status: 'COMPLETED',
    update_time: '2026-11-23T10:00:00Z',
    payer: { email_address: 'buyer@example.com', payer_id: 'QYR5Z8XDVJNXQ', name: { given_name: 'John' } },
    purchase_units: [],
  },
};

jest.unstable_mockModule('@paypal/react-paypal-js', () => ({
  PayPalScriptProvider: ({ options, children }: { options: unknown; children: ReactNode }) => {
    paypal.providerOptions.push(options);
    return <>{children}</>;
  },
  usePayPalScriptReducer: () => [paypal.script, () => undefined],
  PayPalButtons: ({ createOrder, onApprove, onError }: FakeButtonsProps) => (
    <>
      <button
        type="button"
        onClick={() =>
          // As PayPal's buttons do: whatever createOrder or onApprove throws goes to onError (so nothing rejects).
          void (async () => {
            try {
              const id = await createOrder({}, { order: { create: async (body) => (paypal.createdOrders.push(body), 'PP-ORDER') } });
              await onApprove({ orderID: id }, { order: { capture: async () => paypal.capture } });
            } catch (error) {
              onError(error as Error);
            }
          })()
        }
      >
        PayPal
      </button>
      <button type="button" onClick={() => onError(new Error('Window closed'))}>
        Break PayPal
      </button>
    </>
  ),
}));

const { renderPage } = await import('../testing/render-page.js');

const address = () => screen.getByRole('status', { name: 'Address' });
const paypalConfig = { clientId: 'sb-stand-in', sdkUrl: 'http://localhost:3004/sdk/js', currency: 'USD' };

/** The order's history as the server keeps it: placed by its buyer, then confirmed by the shop. */
const history: OrderEventDto[] = [
  { _id: 'e1', type: 'placed', at: '2026-11-20T09:30:00.000Z', state: 'awaiting-stock', actor: { kind: 'buyer' } },
  { _id: 'e2', type: 'stock-reserved', at: '2026-11-20T09:30:02.000Z', state: 'awaiting-payment', actor: { kind: 'shop' } },
];

/**
 * The orders API for one order: GET answers the order as it stands (and its history), and a successful
 * PUT (the payment) changes it, as the server would, so the reload after paying reads the new state.
 */
function api(order = anOrder(), routes: ApiRoutes = {}) {
  let current = order;
  const changing = Object.fromEntries(
    Object.entries(routes).map(([route, reply]) => [
      route,
      (call: ApiCall): ApiReply => {
        const answer = typeof reply === 'function' ? reply(call) : reply;
        if (route.startsWith('PUT') && answer !== 'pending' && (answer.status ?? 200) < 300) current = answer.json as OrderDto;
        return answer;
      },
    ]),
  );
  return mockApi({
    [`GET /api/orders/${order._id}`]: () => ({ json: current }),
    [`GET /api/orders/${order._id}/history`]: { json: history },
    'GET /api/config/paypal': { json: paypalConfig },
    [`POST /api/orders/${order._id}/paypal`]: { status: 201, json: { id: 'PP-ORDER' } },
    ...changing,
  });
}

/**
 * Admin's actions on an order and admin's view of its history are admin's parts, which the page loads
 * through the host's Module Federation loader; here a loader that records what is asked for and gives
 * stand-ins recording their props.
 */
const adminPart = {
  loaded: [] as string[],
  props: [] as Array<RemotePartProps['OrderAdminActions']>,
  historyProps: [] as Array<RemotePartProps['OrderAdminHistory']>,
};

function AdminActionsStandIn(props: RemotePartProps['OrderAdminActions']) {
  adminPart.props.push(props);
  return <p>Admin's actions on order {props.order._id}</p>;
}

function AdminHistoryStandIn(props: RemotePartProps['OrderAdminHistory']) {
  adminPart.historyProps.push(props);
  return <p>Admin's history of order {props.order._id}</p>;
}

const adminParts: Record<string, unknown> = { 'admin/OrderAdminActions': AdminActionsStandIn, 'admin/OrderAdminHistory': AdminHistoryStandIn };

beforeEach(() => {
  adminPart.loaded = [];
  adminPart.props = [];
  adminPart.historyProps = [];
  provideRemoteParts(async (id) => {
    adminPart.loaded.push(id);
    return { default: adminParts[id] };
  });
  paypal.script = { isPending: false, isRejected: false, isResolved: true, isInitial: false, options: {} };
  paypal.providerOptions = [];
  paypal.createdOrders = [];
});

describe('OrderPage', () => {
  it('sends guests to /login?redirect=order/:id', () => {
    mockApi({});
    renderPage('/order/o1');
    expect(address()).toHaveTextContent('/login?redirect=order/o1');
  });

  it('shows a spinner while the order loads, under its title', () => {
    mockApi({ 'GET /api/orders/o1': 'pending' });
    renderPage('/order/o1', { user: aCustomer });
    expect(screen.getByRole('heading', { level: 1, name: 'Order o1' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading...' })).toBeInTheDocument();
    expect(document.title).toBe('Order o1 | ProShop');
  });

  it("shows the server's message when the order cannot be read", async () => {
    mockApi({ 'GET /api/orders/nope': { status: 404, json: { message: 'Order not found' } } });
    renderPage('/order/nope', { user: aCustomer });
    expect(await screen.findByRole('alert')).toHaveTextContent('Order not found');
  });

  it("shows the customer, a mail link, the address, 'Not yet Delivered.', 'Not Paid', the items and the prices", async () => {
    api();
    renderPage('/order/o1', { user: aCustomer });
    expect(await screen.findByText('Jane Doe')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'jane@example.com' })).toHaveAttribute('href', 'mailto:jane@example.com');
    expect(screen.getByText('1 Main Street, Springfield 12345, USA')).toBeInTheDocument();
    expect(screen.getByText('Not yet Delivered.')).toBeInTheDocument();
    expect(screen.getByText('Not Paid')).toBeInTheDocument();
    expect(screen.getByText('PayPal', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Airpods Wireless Bluetooth Headphones' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Airpods Wireless Bluetooth Headphones' })).toHaveAttribute('href', '/product/p1');
    expect(screen.getByText('2 x $89.99 = $179.98')).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'Order Summary' });
    expect(within(summary).getAllByRole('definition').map((cell) => cell.textContent)).toEqual([
      '$179.98',
      '$0.00',
      '$18.00',
      '$197.98',
    ]);
    expect(screen.queryByText('Order created!')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark as Delivered' })).not.toBeInTheDocument();
  });

  it("shows 'Delivered on' and 'Paid on' with the first 10 characters of the dates, and no PayPal button once paid", async () => {
    api(anOrder({ isPaid: true, paidAt: '2026-11-21T15:05:00.000Z', isDelivered: true, deliveredAt: '2026-11-22T08:00:00.000Z' }));
    renderPage('/order/o1', { user: aCustomer });
    expect(await screen.findByText('Delivered on 2026-11-22')).toBeInTheDocument();
    expect(screen.getByText('Paid on 2026-11-21')).toBeInTheDocument();
    expect(screen.queryByText('Not Paid')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'PayPal' })).not.toBeInTheDocument();
  });

  it('says the items are being reserved while the stock is pending, then turns payable by itself', async () => {
    let reads = 0;
    api(anOrder(), {
      'GET /api/orders/o1': () => ({ json: anOrder({ status: ++reads === 1 ? 'pending' : 'confirmed' }) }),
    });
    renderPage('/order/o1', { user: aCustomer });
    expect(await screen.findByRole('status', { name: "We're reserving your items…" })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'PayPal' })).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'PayPal' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Your items are reserved.')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: "We're reserving your items…" })).not.toBeInTheDocument();
  });

  it('says until when a confirmed order can be paid, as a machine-readable time too', async () => {
    const payableUntil = '2026-11-24T14:30:00.000Z';
    api(anOrder({ status: 'confirmed', payableUntil }));
    renderPage('/order/o1', { user: aCustomer });
    const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(payableUntil));
    const deadline = await screen.findByText(when, { selector: 'time' });
    expect(deadline).toHaveAttribute('datetime', payableUntil);
    expect(deadline.closest('p')).toHaveTextContent(
      `Your items are reserved until ${when}. Pay by then, or the order is cancelled and the items go back on sale.`,
    );
  });

  it('says why a cancelled order was cancelled, with no PayPal button', async () => {
    api(anOrder({ status: 'cancelled', cancelReason: 'Not enough stock for Airpods' }));
    renderPage('/order/o1', { user: aCustomer });
    expect(await screen.findByText('This order was cancelled: Not enough stock for Airpods')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'PayPal' })).not.toBeInTheDocument();
  });

  it("configures PayPal from /api/config/paypal and shows 'Loading PayPal...' while its script loads", async () => {
    paypal.script = { ...paypal.script, isPending: true, isResolved: false };
    api();
    renderPage('/order/o1', { user: aCustomer });
    await waitFor(() => expect(paypal.providerOptions.length).toBeGreaterThan(0));
    expect(screen.getByRole('status', { name: 'Loading PayPal...' })).toBeInTheDocument();
    expect(screen.getByText('Loading PayPal...', { selector: '[aria-hidden="true"]' })).toBeVisible();
    expect(paypal.providerOptions.at(-1)).toEqual({
      clientId: 'sb-stand-in',
      currency: 'USD',
      sdkBaseUrl: 'http://localhost:3004/sdk/js',
    });
    expect(screen.queryByRole('button', { name: 'PayPal' })).not.toBeInTheDocument();
  });

  it("shows the server's message when PayPal's configuration cannot be read", async () => {
    api(anOrder(), { 'GET /api/config/paypal': { status: 400, json: { message: 'PayPal is not configured' } } });
    renderPage('/order/o1', { user: aCustomer });
    expect(await screen.findByText('PayPal is not configured')).toHaveAttribute('role', 'alert');
    expect(paypal.providerOptions).toEqual([]);
  });

  it("logs a script that fails to load and says 'PayPal could not be loaded.'", async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    paypal.script = { ...paypal.script, isRejected: true, isResolved: false };
    api();
    renderPage('/order/o1', { user: aCustomer });
    expect(await screen.findByText('PayPal could not be loaded.')).toHaveAttribute('role', 'alert');
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });

  it("pays: the shop opens PayPal's order, the approval goes to pay_status (the shop captures), and the order reloads as paid", async () => {
    const user = userEvent.setup();
    const paid = anOrder({ isPaid: true, paidAt: '2026-11-23T10:00:01.000Z' });
    const { calls } = api(anOrder(), { 'PUT /api/orders/o1/pay_status': { json: paid } });
    renderPage('/order/o1', { user: aCustomer });
    await user.click(await screen.findByRole('button', { name: 'PayPal' }));

    expect(await screen.findByText('Paid on 2026-11-23')).toBeInTheDocument();
    // The browser neither sets the amount nor makes PayPal's order: the shop does, on the server.
    expect(paypal.createdOrders).toEqual([]);
    expect(calls.filter((call) => call.method !== 'GET').map((call) => [call.method, call.url, call.body])).toEqual([
      ['POST', '/api/orders/o1/paypal', {}],
      ['PUT', '/api/orders/o1/pay_status', { id: 'PP-ORDER' }],
    ]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'PayPal' })).not.toBeInTheDocument());
  });

  it("loads PayPal's script in the configured currency", async () => {
    api(anOrder(), { 'GET /api/config/paypal': { json: { ...paypalConfig, currency: 'EUR' } } });
    renderPage('/order/o1', { user: aCustomer });
    await screen.findByRole('button', { name: 'PayPal' });
    expect(paypal.providerOptions.at(-1)).toEqual(expect.objectContaining({ currency: 'EUR' }));
  });

  it("shows 'Saving the payment...' while pay_status is on its way", async () => {
    const user = userEvent.setup();
    api(anOrder(), { 'PUT /api/orders/o1/pay_status': 'pending' });
    renderPage('/order/o1', { user: aCustomer });
    await user.click(await screen.findByRole('button', { name: 'PayPal' }));
    expect(await screen.findByRole('status', { name: 'Saving the payment...' })).toBeInTheDocument();
    expect(screen.getByText('Not Paid')).toBeInTheDocument();
  });

  it("shows the server's message when the payment is refused", async () => {
    const user = userEvent.setup();
    api(anOrder(), { 'PUT /api/orders/o1/pay_status': { status: 400, json: { message: 'Payment does not match the order' } } });
    renderPage('/order/o1', { user: aCustomer });
    await user.click(await screen.findByRole('button', { name: 'PayPal' }));
    expect(await screen.findByText('Payment does not match the order')).toHaveAttribute('role', 'alert');
    expect(screen.getByText('Not Paid')).toBeInTheDocument();
  });

  it("shows the shop's message when it refuses to open the payment, reads the order again, and reports nothing", async () => {
    const user = userEvent.setup();
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const late = 'The time to pay for this order has run out: payment not received in time';
    const { calls } = api(anOrder(), { 'POST /api/orders/o1/paypal': { status: 400, json: { message: late } } });
    renderPage('/order/o1', { user: aCustomer });
    await user.click(await screen.findByRole('button', { name: 'PayPal' }));
    expect(await screen.findByText(late)).toHaveAttribute('role', 'alert');
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
    await waitFor(() => expect(calls.filter((call) => call.method === 'GET' && call.url === '/api/orders/o1').length).toBeGreaterThan(1));
    log.mockRestore();
  });

  it("only logs a PayPal button error", async () => {
    const user = userEvent.setup();
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { calls } = api();
    renderPage('/order/o1', { user: aCustomer });
    await user.click(await screen.findByRole('button', { name: 'Break PayPal' }));
    expect(log).toHaveBeenCalledWith(new Error('Window closed'));
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
    expect(screen.queryByText('Window closed')).not.toBeInTheDocument();
    log.mockRestore();
  });

  it("does not say 'Order created!' on a later visit (only right after 'Place Order')", async () => {
    api();
    renderPage('/order/o1', { user: aCustomer });
    expect(await screen.findByText('Jane Doe')).toBeInTheDocument();
    expect(screen.queryByText('Order created!')).not.toBeInTheDocument();
  });

  it("gives an admin admin's actions on the order, loaded from the admin remote with the order", async () => {
    const paid = anOrder({ isPaid: true, paidAt: '2026-11-21T15:05:00.000Z' });
    api(paid);
    renderPage('/order/o1', { user: anAdmin });
    expect(await screen.findByText("Admin's actions on order o1")).toBeInTheDocument();
    expect(adminPart.loaded).toContain('admin/OrderAdminActions');
    expect(adminPart.props.at(-1)).toEqual({ order: paid });
  });

  it("never loads admin's actions for a customer", async () => {
    api(anOrder({ isPaid: true, paidAt: '2026-11-21T15:05:00.000Z' }));
    renderPage('/order/o1', { user: aCustomer });
    expect(await screen.findByText('Paid on 2026-11-21')).toBeInTheDocument();
    expect(adminPart.loaded).toEqual([]);
    expect(screen.queryByText("Admin's actions on order o1")).not.toBeInTheDocument();
  });

  it('shows an admin the whole order when the admin remote is down', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    provideRemoteParts(async () => {
      throw new Error('remote admin is down');
    });
    api(anOrder({ isPaid: true, paidAt: '2026-11-21T15:05:00.000Z' }));
    renderPage('/order/o1', { user: anAdmin });
    expect(await screen.findByText('Jane Doe')).toBeInTheDocument();
    await waitFor(() => expect(log).toHaveBeenCalledWith('Remote part admin/OrderAdminActions is unavailable:', 'remote admin is down'));
    await waitFor(() => expect(log).toHaveBeenCalledWith('Remote part admin/OrderAdminHistory is unavailable:', 'remote admin is down'));
    expect(screen.getByRole('heading', { level: 1, name: 'Order o1' })).toBeInTheDocument();
    expect(screen.getByText('Not yet Delivered.')).toBeInTheDocument();
    expect(screen.getByText('Paid on 2026-11-21')).toBeInTheDocument();
    expect(screen.getByText('2 x $89.99 = $179.98')).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'Order Summary' });
    expect(within(summary).getAllByRole('definition').map((cell) => cell.textContent)).toEqual(['$179.98', '$0.00', '$18.00', '$197.98']);
    log.mockRestore();
  });

  it("shows 'Empty Order!' for an order without items", async () => {
    api(anOrder({ orderItems: [] }));
    renderPage('/order/o1', { user: aCustomer });
    expect(await screen.findByText('Empty Order!')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('shows an admin the captures given back for the order, pending or refunded; a customer sees no refunds', async () => {
    const refunds = [
      { captureId: 'CAPTURE-A', refundId: 'REFUND-A', amount: 110.01, currency: 'USD', reason: 'Order is already paid', status: 'completed' as const, createdAt: '2026-11-23T10:00:00.000Z', refundedAt: '2026-11-23T10:00:01.000Z' },
      { captureId: 'CAPTURE-B', amount: 110.01, currency: 'USD', reason: 'The time to pay for this order has run out: payment not received in time', status: 'pending' as const, createdAt: '2026-11-24T10:00:00.000Z' },
    ];
    api(anOrder({ refunds }));
    renderPage('/order/o1', { user: anAdmin });
    const table = within(await screen.findByRole('region', { name: 'Refunded captures' })).getByRole('table');
    const rows = within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['CAPTURE-A', 'REFUND-A', '$110.01', 'Order is already paid', 'Refunded', '2026-11-23'],
      ['CAPTURE-B', '—', '$110.01', 'The time to pay for this order has run out: payment not received in time', 'Pending', '2026-11-24'],
    ]);
  });

  describe('Order history', () => {
    /** The timeline's steps as the page shows them, once it shows. */
    const steps = () =>
      within(screen.getByRole('region', { name: 'Order history' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    const shownSteps = async () => {
      await screen.findByRole('region', { name: 'Order history' });
      return steps();
    };

    it("shows the buyer the order's steps below its summary, oldest first", async () => {
      const { calls } = api();
      renderPage('/order/o1', { user: aCustomer });
      expect(await shownSteps()).toEqual(['Order placed 2026-11-20', 'Confirmed 2026-11-20']);
      const summary = screen.getByRole('region', { name: 'Order Summary' });
      const timeline = screen.getByRole('region', { name: 'Order history' });
      expect(summary.compareDocumentPosition(timeline) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      expect(calls.filter((call) => call.url.startsWith('/api/orders/o1/history')).map((call) => call.url)).toEqual([
        '/api/orders/o1/history?pageNumber=1&pageSize=100',
      ]);
      expect(adminPart.loaded).toEqual([]);
    });

    it('keeps the order on the page with a muted line when the history cannot be read', async () => {
      api(anOrder(), { 'GET /api/orders/o1/history': { status: 500, json: { message: 'The orders service is unavailable' } } });
      renderPage('/order/o1', { user: aCustomer });
      expect(await screen.findByText("The order's history can't be shown right now.", {}, { timeout: 5000 })).toBeInTheDocument();
      expect(screen.getByText('Jane Doe')).toBeInTheDocument();
      expect(screen.getByRole('region', { name: 'Order Summary' })).toBeInTheDocument();
      expect(screen.queryByText('The orders service is unavailable')).not.toBeInTheDocument();
    });

    it('follows the order: the step that confirmed a pending order shows once the poll sees it', async () => {
      let confirmed = false;
      api(anOrder(), {
        'GET /api/orders/o1': () => ({ json: anOrder({ status: confirmed ? 'confirmed' : 'pending' }) }),
        'GET /api/orders/o1/history': () => ({ json: confirmed ? history : history.slice(0, 1) }),
      });
      renderPage('/order/o1', { user: aCustomer });
      expect(await shownSteps()).toEqual(['Order placed 2026-11-20']);
      confirmed = true;
      await waitFor(() => expect(steps()).toEqual(['Order placed 2026-11-20', 'Confirmed 2026-11-20']), { timeout: 5000 });
    });

    it("gives an admin admin's view of the history instead of the buyer's timeline", async () => {
      const { calls } = api();
      renderPage('/order/o1', { user: anAdmin });
      expect(await screen.findByText("Admin's history of order o1")).toBeInTheDocument();
      expect(adminPart.loaded).toContain('admin/OrderAdminHistory');
      expect(adminPart.historyProps.at(-1)).toEqual({ order: anOrder() });
      expect(screen.queryByRole('region', { name: 'Order history' })).not.toBeInTheDocument();
      expect(calls.some((call) => call.url.startsWith('/api/orders/o1/history'))).toBe(false);
    });

    it("gives an admin the buyer's timeline when admin's remote is down", async () => {
      const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
      provideRemoteParts(async () => {
        throw new Error('remote admin is down');
      });
      api();
      renderPage('/order/o1', { user: anAdmin });
      expect(await shownSteps()).toEqual(['Order placed 2026-11-20', 'Confirmed 2026-11-20']);
      log.mockRestore();
    });
  });

  it('shows no refunds to a customer, even when the answer had some', async () => {
    api(anOrder({ refunds: [{ captureId: 'C', amount: 1, currency: 'USD', reason: 'r', status: 'pending', createdAt: '2026-11-23T10:00:00.000Z' }] }));
    renderPage('/order/o1', { user: aCustomer });
    expect(await screen.findByText('Not Paid')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Refunded captures' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Refunds' })).not.toBeInTheDocument();
  });
});
