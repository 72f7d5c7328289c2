import { act, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { shopStore, STORAGE_KEYS } from '@shop/shop-client';
import { media } from '@shop/ui';
import { admin, customer, renderHeaderAt, renderServerHeader, signInAs } from './test-support.js';

const phone = { product: 'p1', name: 'Phone', image: '/images/phone.jpg', price: 599.99, countInStock: 5, quantity: 2 };
const cable = { product: 'p2', name: 'Cable', image: '/images/cable.jpg', price: 9.99, countInStock: 10, quantity: 1 };

const currentPath = () => screen.getByRole('status', { name: 'Current path' });
const header = () => screen.getByRole('banner');

afterEach(() => act(() => shopStore.signOut()));

describe('Header for a guest', () => {
  it('shows the brand, search, cart and Sign In, and no user or admin menu', () => {
    renderHeaderAt('/product/1');

    expect(within(header()).getByRole('link', { name: 'ProShop' })).toHaveAttribute('href', '/');
    expect(within(header()).getByRole('searchbox', { name: 'Search products' })).toHaveAttribute('placeholder', 'Search Products...');
    expect(within(header()).getByRole('button', { name: 'Search' })).toBeInTheDocument();
    expect(within(header()).getByRole('link', { name: /^Cart/ })).toHaveAttribute('href', '/cart');
    expect(within(header()).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(within(header()).queryByRole('button', { name: 'Admin' })).not.toBeInTheDocument();
  });
});

describe('Header for a signed-in customer', () => {
  it('shows their name as a menu with Profile and Logout, and no Admin menu', async () => {
    signInAs(customer);
    renderHeaderAt('/');

    expect(within(header()).queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
    await userEvent.click(within(header()).getByRole('button', { name: 'Jane Doe' }));

    expect(within(header()).getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(within(header()).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(within(header()).queryByRole('button', { name: 'Admin' })).not.toBeInTheDocument();
  });

  it('logs out through the store: the session and cart are cleared everywhere, and the shopper goes to /', async () => {
    signInAs(customer);
    shopStore.addToCart(phone);
    renderHeaderAt('/profile');

    await userEvent.click(within(header()).getByRole('button', { name: 'Jane Doe' }));
    await userEvent.click(within(header()).getByRole('button', { name: 'Logout' }));

    expect(shopStore.getState().userInfo).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.userInfo)).toBeNull();
    expect(currentPath()).toHaveTextContent(/^\/$/);
    expect(within(header()).getByRole('link', { name: 'Sign In' })).toBeInTheDocument();
    expect(within(header()).getByRole('link', { name: /^Cart/ })).toHaveTextContent('0');
  });
});

describe('Header for an admin', () => {
  it('adds the Admin menu with the admin routes of spec section 2', async () => {
    signInAs(admin);
    renderHeaderAt('/');

    await userEvent.click(within(header()).getByRole('button', { name: 'Admin' }));

    expect(within(header()).getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/admin/userList');
    expect(within(header()).getByRole('link', { name: 'Products' })).toHaveAttribute('href', '/admin/productList');
    expect(within(header()).getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/admin/orderList');
    expect(within(header()).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/admin/dashboard');
    expect(within(header()).getByRole('link', { name: 'Releases' })).toHaveAttribute('href', '/admin/releases');
    expect(within(header()).getByRole('button', { name: 'Admin User' })).toBeInTheDocument();
  });

  it('follows a menu link and closes the menu', async () => {
    signInAs(admin);
    renderHeaderAt('/');
    const adminMenu = within(header()).getByRole('button', { name: 'Admin' });

    await userEvent.click(adminMenu);
    await userEvent.click(within(header()).getByRole('link', { name: 'Orders' }));

    expect(currentPath()).toHaveTextContent('/admin/orderList');
    expect(adminMenu).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('Header search', () => {
  it('goes to /search/{keyword} with the trimmed keyword', async () => {
    renderHeaderAt('/');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search products' }), '  phone  ');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));

    expect(currentPath()).toHaveTextContent('/search/phone');
  });

  it('goes to / when the box is empty or blank (spec section 5)', async () => {
    renderHeaderAt('/search/phone/page/2');
    const box = screen.getByRole('searchbox', { name: 'Search products' });

    await userEvent.clear(box);
    await userEvent.type(box, '   {Enter}');

    expect(currentPath()).toHaveTextContent(/^\/$/);
  });

  it("shows the search page's keyword, and empties on leaving the search", async () => {
    renderHeaderAt('/search/usb%20hub/page/2');
    const box = screen.getByRole('searchbox', { name: 'Search products' });
    expect(box).toHaveValue('usb hub');

    await userEvent.click(screen.getByRole('link', { name: /^Cart/ }));

    expect(currentPath()).toHaveTextContent('/cart');
    expect(box).toHaveValue('');
  });
});

describe('Header cart count', () => {
  it('follows the shared store at once, whichever remote changed it', () => {
    renderHeaderAt('/');
    const cart = within(header()).getByRole('link', { name: /^Cart/ });
    expect(cart).toHaveTextContent('Cart 0 items');

    act(() => shopStore.addToCart(phone));
    expect(cart).toHaveTextContent('Cart 2 items');

    act(() => shopStore.addToCart(cable));
    expect(cart).toHaveTextContent('Cart 3 items');

    act(() => shopStore.removeFromCart('p1'));
    expect(cart).toHaveTextContent('Cart 1 items');
  });
});

describe('Header at small widths', () => {
  it('collapses the nav behind a toggle button that says whether it is open', async () => {
    renderHeaderAt('/');
    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    await userEvent.click(screen.getByRole('link', { name: 'Sign In' }));
    expect(currentPath()).toHaveTextContent('/login');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});

/**
 * The display the rules of the page's style sheets inside `condition` (a media query's text) give the
 * element, the last matching rule winning: jsdom applies no media query itself.
 */
function displayWithin(condition: string, element: Element): string | undefined {
  let display: string | undefined;
  for (const sheet of document.styleSheets) {
    for (const rule of sheet.cssRules) {
      if (!(rule instanceof CSSMediaRule) || `@media ${rule.conditionText}` !== condition) continue;
      for (const inner of rule.cssRules) {
        if (inner instanceof CSSStyleRule && element.matches(inner.selectorText) && inner.style.display) display = inner.style.display;
      }
    }
  }
  return display;
}

describe('Header at small widths, by its styles', () => {
  it('shows the nav items below md only while the toggle is open, and hides the toggle from md up', async () => {
    renderHeaderAt('/');
    const toggle = screen.getByRole('button', { name: 'Menu' });
    const items = document.getElementById('shop-nav-items');
    if (!items) throw new Error('no #shop-nav-items');
    expect(toggle).toHaveAttribute('aria-controls', 'shop-nav-items');

    expect(displayWithin(media.down('md'), items)).toBe('none');
    await userEvent.click(toggle);
    expect(displayWithin(media.down('md'), items)).toBe('flex');
    expect(displayWithin(media.up('md'), toggle)).toBe('none');
  });
});

describe("Header in the server's HTML, before the shell has hydrated it", () => {
  const shown = (element: Element | null | undefined) => {
    if (!element) throw new Error('not in the header');
    for (let at: Element | null = element; at; at = at.parentElement) if (getComputedStyle(at).display === 'none') return false;
    return true;
  };
  const signInLink = () => [...document.querySelectorAll('header a')].find((link) => link.textContent === 'Sign In');
  const userMenu = () => document.querySelector('header [data-user-name]');
  const adminMenu = () => [...document.querySelectorAll('header button')].find((button) => button.textContent === 'Admin');

  /** The content of the element's ::before, by the style sheets' rules (jsdom computes none for a pseudo-element). */
  const generatedContentOf = (element: Element | null) => {
    const rules = [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules]).filter((rule) => rule instanceof CSSStyleRule);
    return rules.findLast((rule) => rule.selectorText.endsWith('::before') && element?.matches(rule.selectorText.slice(0, -'::before'.length)))?.style.content;
  };

  afterEach(() => {
    document.documentElement.removeAttribute('data-shop-session');
    document.body.innerHTML = '';
  });

  it('shows Sign In, and no user or admin menu, when the first-paint script found nobody signed in', async () => {
    await renderServerHeader();

    expect([shown(signInLink()), shown(userMenu()), shown(adminMenu())]).toEqual([true, false, false]);
  });

  it("shows a customer's menu and no Sign In or Admin menu", async () => {
    document.documentElement.setAttribute('data-shop-session', 'customer');
    await renderServerHeader();

    expect([shown(signInLink()), shown(userMenu()), shown(adminMenu())]).toEqual([false, true, false]);
  });

  it("shows an admin's menu and the Admin menu, and no Sign In", async () => {
    document.documentElement.setAttribute('data-shop-session', 'admin');
    await renderServerHeader();

    expect([shown(signInLink()), shown(userMenu()), shown(adminMenu())]).toEqual([false, true, true]);
  });

  it('leaves the name and the count to the stored values first-paint.js gives (--shop-user-name, --shop-cart-count)', async () => {
    await renderServerHeader();
    const count = document.querySelector('header [data-cart-count]');

    expect(count).toHaveAttribute('data-cart-count', 'stored');
    expect(count).toBeEmptyDOMElement();
    expect(userMenu()).toHaveAttribute('data-user-name', 'stored');
    expect(userMenu()).toBeEmptyDOMElement();
    expect(generatedContentOf(count)).toBe("var(--shop-cart-count, '0')");
    expect(generatedContentOf(userMenu())).toBe("var(--shop-user-name, '')");
  });
});
