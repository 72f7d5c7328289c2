/**
 * The header of spec section 2 on every page: brand, search, cart with its live count, and either
 * 'Sign In' or the user's menu, plus the Admin menu for admins. Below md the links collapse behind
 * a toggle button.
 *
 * On a server-rendered page, until the shell has hydrated it (usePrerendered), the header holds both
 * 'Sign In' and the user's and Admin's menus, the name and the count drawn from what the page's
 * first-paint script read from local storage (apps/shell/src/first-paint.js; each slot says which variant
 * it holds, data-session-variant, and header.styles.ts shows the right one by <html data-shop-session>):
 * the signed-in shopper sees their own header from the first paint, never 'Sign In' or 'Cart 0', and the
 * page stays the same for everyone. The menus are the same elements before and after, so a click held
 * while the shell starts opens the menu it was meant for.
 */
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Container, VisuallyHidden } from '@shop/ui';
import { useCart, useLogout, useSession } from '@shop/shop-client';
import { Brand, CartCount, HeaderBar, MenuButton, MenuLink, NavBar, NavItems, NavLink, NavToggle, SessionSlot, UserName } from './header.styles.js';
import { Menu } from './menu.js';
import { HeaderSearch } from './header-search.js';
import { usePrerendered } from './prerendered.js';

/** The Admin menu's links, in the spec's order, and the dashboard and releases after them. */
const ADMIN_LINKS = [
  ['/admin/userList', 'Users'],
  ['/admin/productList', 'Products'],
  ['/admin/orderList', 'Orders'],
  ['/admin/dashboard', 'Dashboard'],
  ['/admin/releases', 'Releases'],
] as const;

/** Where Logout goes: spec section 4, "Logout clears the stored user ... then goes to /". */
export const AFTER_LOGOUT_PATH = '/';

export function Header() {
  // The provider's store (the page's shared one), so every remote's change shows here at once.
  const { userInfo, isAdmin } = useSession();
  const { count } = useCart();
  // Before the shell has hydrated the server's page: every variant, the stored session choosing (above).
  const stored = usePrerendered();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // The path the collapsed nav was opened on: moving to another page closes it, with no effect needed.
  const [openedOn, setOpenedOn] = useState<string | null>(null);
  const navOpen = openedOn === pathname;

  const signOut = useLogout();
  const logout = async () => {
    // The server ends the session, then the store clears the session, cart and addresses everywhere
    // and the provider drops cached user queries.
    await signOut();
    void navigate(AFTER_LOGOUT_PATH);
  };

  return (
    <HeaderBar>
      <Container>
        <NavBar aria-label="Main">
          <Brand to="/">ProShop</Brand>
          <NavToggle
            type="button"
            aria-expanded={navOpen}
            aria-controls="shop-nav-items"
            onClick={() => setOpenedOn(navOpen ? null : pathname)}
          >
            Menu
          </NavToggle>
          <NavItems id="shop-nav-items">
            <HeaderSearch />
            <NavLink to="/cart">
              Cart <CartCount data-cart-count={stored ? 'stored' : 'live'}>{stored ? null : count}</CartCount>
              <VisuallyHidden> items</VisuallyHidden>
            </NavLink>
            <SessionSlot data-session-variant={stored ? 'signed-out' : undefined}>{(stored || !userInfo) && <NavLink to="/login">Sign In</NavLink>}</SessionSlot>
            <SessionSlot data-session-variant={stored ? 'signed-in' : undefined}>
              {(stored || userInfo) && (
                // One element for the name before and after: a press on it while the shell takes over
                // (the stored name giving way to the store's) stays on its target, and its click happens.
                <Menu label={<UserName data-user-name={stored ? 'stored' : 'live'}>{stored ? null : userInfo?.name}</UserName>}>
                  <li>
                    <MenuLink to="/profile">Profile</MenuLink>
                  </li>
                  <li>
                    <MenuButton type="button" onClick={() => void logout()}>
                      Logout
                    </MenuButton>
                  </li>
                </Menu>
              )}
            </SessionSlot>
            <SessionSlot data-session-variant={stored ? 'admin' : undefined}>
              {(stored || isAdmin) && (
                <Menu label="Admin">
                  {ADMIN_LINKS.map(([to, label]) => (
                    <li key={to}>
                      <MenuLink to={to}>{label}</MenuLink>
                    </li>
                  ))}
                </Menu>
              )}
            </SessionSlot>
          </NavItems>
        </NavBar>
      </Container>
    </HeaderBar>
  );
}
