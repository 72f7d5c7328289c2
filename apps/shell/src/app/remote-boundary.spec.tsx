import { jest } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { ShopThemeProvider } from '@shop/ui';

const loadRemote = jest.fn<(id: string) => Promise<unknown>>();
jest.unstable_mockModule('@module-federation/enhanced/runtime', () => ({
  loadRemote,
  registerRemotes: jest.fn(),
}));

const { RemoteBoundary } = await import('./remote-boundary.js');
const { ServerSlotContext } = await import('./server-slot.js');
const { renderToString } = await import('react-dom/server.node');

function HomePage() {
  return <h1>Latest Products</h1>;
}

function BrokenPage(): never {
  throw new Error('catalog crashed');
}

/** A remote's area beside the rest of the page, which must keep working whatever the remote does. */
function renderBeside(module: string) {
  render(
    <>
      <nav aria-label="Shop">Cart</nav>
      <RemoteBoundary remote="catalog" module={module} />
    </>,
    // The shell provides the theme around every remote's area.
    { wrapper: ShopThemeProvider },
  );
}

beforeEach(() => {
  loadRemote.mockReset();
  // React reports errors caught by a boundary on the console; they are the point of these tests.
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => jest.restoreAllMocks());

describe('RemoteBoundary', () => {
  it('renders the page the remote exposes', async () => {
    loadRemote.mockResolvedValue({ default: HomePage });

    renderBeside('HomePage');

    expect(await screen.findByRole('heading', { name: 'Latest Products' })).toBeInTheDocument();
    expect(loadRemote).toHaveBeenCalledWith('catalog/HomePage');
  });

  it('holds the page area while the remote loads', () => {
    loadRemote.mockReturnValue(new Promise(() => undefined));

    const { container } = render(<RemoteBoundary remote="catalog" module="PendingPage" />, {
      wrapper: ShopThemeProvider,
    });

    expect(container.querySelector('[aria-busy="true"]')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("sends a page the server leaves to the browser (the cart) as its placeholder with the page's heading", () => {
    // The server render of /cart: checkout's cart is the browser's to render (server-slot.ts).
    const html = renderToString(
      <ServerSlotContext.Provider value={{ id: 'checkout/CartPage' }}>
        <ShopThemeProvider>
          <RemoteBoundary remote="checkout" module="CartPage" heading="Shopping Cart" />
        </ShopThemeProvider>
      </ServerSlotContext.Provider>,
    );

    expect(html).toMatch(/<section[^>]*aria-busy="true"[^>]*><h1>Shopping Cart<\/h1><\/section>/);
    expect(loadRemote).not.toHaveBeenCalled();
  });

  it('keeps the placeholder empty in the browser while the page loads: the heading would say the page is there', () => {
    loadRemote.mockReturnValue(new Promise(() => undefined));

    const { container } = render(<RemoteBoundary remote="checkout" module="CartPage" heading="Shopping Cart" />, { wrapper: ShopThemeProvider });

    expect(container.querySelector('[aria-busy="true"]')).toBeEmptyDOMElement();
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  });

  it('shows a notice when the remote fails to load, and the rest of the page keeps working', async () => {
    loadRemote.mockRejectedValue(new Error('Failed to fetch /mf/catalog/3f9a1c2b7d/remoteEntry.js'));

    renderBeside('UnreachablePage');

    expect(await screen.findByRole('alert')).toHaveTextContent('This part of the shop is unavailable right now');
    expect(screen.getByRole('navigation', { name: 'Shop' })).toHaveTextContent('Cart');
  });

  it('asks an unreachable remote once, not again on every render', async () => {
    loadRemote.mockRejectedValue(new Error('Failed to fetch /mf/admin/5e4d3c2b1a/remoteEntry.js'));

    renderBeside('DownPage');
    await screen.findByRole('alert');
    await new Promise((resolve) => setTimeout(resolve, 100));

    expect(loadRemote).toHaveBeenCalledTimes(1);
  });

  it('tries the remote again on a later visit to the route', async () => {
    loadRemote.mockRejectedValue(new Error('Failed to fetch'));
    const first = render(<RemoteBoundary remote="catalog" module="RevisitedPage" />, { wrapper: ShopThemeProvider });
    await screen.findByRole('alert');
    first.unmount();

    loadRemote.mockResolvedValue({ default: HomePage });
    render(<RemoteBoundary remote="catalog" module="RevisitedPage" />, { wrapper: ShopThemeProvider });

    expect(await screen.findByRole('heading', { name: 'Latest Products' })).toBeInTheDocument();
    expect(loadRemote).toHaveBeenCalledTimes(2);
  });

  it('shows a notice when the remote page throws', async () => {
    loadRemote.mockResolvedValue({ default: BrokenPage });

    renderBeside('BrokenPage');

    expect(await screen.findByRole('alert')).toHaveTextContent('This part of the shop is unavailable right now');
    expect(screen.getByRole('navigation', { name: 'Shop' })).toBeInTheDocument();
  });

  it('loads the remote again when the shopper retries', async () => {
    let catalogIsUp = false;
    loadRemote.mockImplementation(async () => {
      if (!catalogIsUp) throw new Error('Failed to fetch');
      return { default: HomePage };
    });
    renderBeside('FlakyPage');
    await screen.findByRole('alert');

    catalogIsUp = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('heading', { name: 'Latest Products' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
