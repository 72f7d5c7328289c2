/**
 * The header of spec section 2 on every page: brand, search, cart with its live count, and either
 * 'Sign In' or the user's menu, plus the Admin menu for admins. Below md the links collapse behind
 * a toggle button.
 */
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Container, VisuallyHidden } from '@shop/ui';
import { useCart, useLogout, useSession } from '@shop/shop-client';
import { Brand, CartCount, header, HeaderBar, MenuButton, MenuLink, NavBar, NavLink, NavToggle } from './header.styles.js';
import { Menu } from './menu.js';
import { HeaderSearch } from './header-search.js';

/** Where Logout goes: spec section 4, "Logout clears the stored user ... then goes to /". */
export const AFTER_LOGOUT_PATH = '/';

export function Header() {
  // The provider's store (the page's shared one), so every remote's change shows here at once.
  const { userInfo, isAdmin } = useSession();
  const { count } = useCart();
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
          <div id="shop-nav-items" className={navOpen ? `${header.items} ${header.itemsOpen}` : header.items}>
            <HeaderSearch />
            <NavLink to="/cart">
              Cart <CartCount>{count}</CartCount>
              <VisuallyHidden> items</VisuallyHidden>
            </NavLink>
            {userInfo ? (
              <Menu label={userInfo.name}>
                <li>
                  <MenuLink to="/profile">Profile</MenuLink>
                </li>
                <li>
                  <MenuButton type="button" onClick={() => void logout()}>
                    Logout
                  </MenuButton>
                </li>
              </Menu>
            ) : (
              <NavLink to="/login">Sign In</NavLink>
            )}
            {isAdmin && (
              <Menu label="Admin">
                <li>
                  <MenuLink to="/admin/userList">Users</MenuLink>
                </li>
                <li>
                  <MenuLink to="/admin/productList">Products</MenuLink>
                </li>
                <li>
                  <MenuLink to="/admin/orderList">Orders</MenuLink>
                </li>
                <li>
                  <MenuLink to="/admin/dashboard">Dashboard</MenuLink>
                </li>
                <li>
                  <MenuLink to="/admin/releases">Releases</MenuLink>
                </li>
              </Menu>
            )}
          </div>
        </NavBar>
      </Container>
    </HeaderBar>
  );
}
