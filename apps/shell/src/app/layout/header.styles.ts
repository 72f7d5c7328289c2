/** The header's look: every value from the @shop/ui theme; the nav collapses below md (spec section 9 breakpoints). */
import { Link } from 'react-router-dom';
import { classed, css, media, theme } from '@shop/ui';

const { colors, space, radii, fontSizes, fontWeights, zIndices } = theme;

export const header = {
  bar: 'shell-header',
  nav: 'shell-header__nav',
  brand: 'shell-header__brand',
  toggle: 'shell-header__toggle',
  items: 'shell-header__items',
  itemsOpen: 'shell-header__items--open',
  search: 'shell-header__search',
  link: 'shell-header__link',
  cartCount: 'shell-header__cart-count',
  /** The stored count (first-paint.js), shown until the shell has hydrated the page. */
  storedCount: 'shell-header__cart-count--stored',
  /** A place of the session's links: as if not there for layout (its content is the nav's item). */
  sessionSlot: 'shell-header__session',
  whenSignedOut: 'shell-header__session--signed-out',
  whenSignedIn: 'shell-header__session--signed-in',
  whenAdmin: 'shell-header__session--admin',
  userName: 'shell-header__user-name',
  storedName: 'shell-header__user-name--stored',
  menu: 'shell-menu',
  menuToggle: 'shell-menu__toggle',
  menuList: 'shell-menu__list',
  menuItem: 'shell-menu__item',
} as const;

export const HeaderBar = classed('header', header.bar);
export const NavBar = classed('nav', header.nav);
export const Brand = classed(Link, `${header.link} ${header.brand}`);
/** Shown only below md, where the nav items collapse behind it. */
export const NavToggle = classed('button', `${header.link} ${header.toggle}`);
export const SearchForm = classed('form', header.search);
export const NavLink = classed(Link, header.link);
export const CartCount = classed('span', header.cartCount);
export const SessionSlot = classed('span', header.sessionSlot);
/** The signed-in shopper's name: as local storage holds it (first-paint.js, header.storedName) before the shell has hydrated the page, then the store's. */
export const StoredName = classed('span', header.userName);
export const MenuRoot = classed('div', header.menu);
export const MenuToggle = classed('button', `${header.link} ${header.menuToggle}`);
export const MenuList = classed('ul', header.menuList);
export const MenuLink = classed(Link, header.menuItem);
export const MenuButton = classed('button', header.menuItem);

export const headerCss = css`
.${header.bar} {
  min-height: ${theme.sizes.header}; /* reserved, so a remote's page below does not shift */
  padding-block: ${space[2]};
  background-color: ${colors.primary};
  color: ${colors.onPrimary};
}
.${header.nav} {
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${space[2]};
}
/* Links and buttons on the dark bar. */
.${header.link} {
  color: ${colors.onPrimary};
  text-decoration: none;
}
.${header.link}:hover {
  text-decoration: underline;
}
.${header.link}:focus-visible {
  outline: ${theme.borders.focusOnDark} solid ${colors.onPrimary};
  outline-offset: ${theme.borders.focusOffset};
}
.${header.brand} {
  font-size: ${fontSizes.lg};
  font-weight: ${fontWeights.bold};
}
.${header.toggle} {
  min-height: ${theme.controlHeights.md};
  padding: ${space[1]} ${space[2]};
  border: ${theme.borders.hairline} solid ${colors.onPrimary};
  border-radius: ${radii.sm};
  background: transparent;
  cursor: pointer;
}
${media.up('md')} {
  .${header.toggle} {
    display: none;
  }
}
/* A row from md up; below md a column shown only while the toggle is open. */
.${header.items} {
  display: flex;
  align-items: center;
  gap: ${space[3]};
}
${media.down('md')} {
  .${header.items} {
    display: none;
    flex-basis: 100%;
    flex-direction: column;
    align-items: flex-start;
    gap: ${space[2]};
  }
  .${header.itemsOpen} {
    display: flex;
  }
}
.${header.search} {
  display: flex;
  gap: ${space[1]};
}
.${header.cartCount} {
  display: inline-block;
  min-width: ${theme.sizes.badge};
  padding-inline: ${space[1]};
  border-radius: ${radii.pill};
  background-color: ${colors.light};
  color: ${colors.onLight};
  font-size: ${fontSizes.sm};
  text-align: center;
}
.${header.sessionSlot} {
  display: contents;
}
/*
 * Before the shell has hydrated a server-rendered page, its first-paint script has said who is signed
 * in (<html data-shop-session>) and given the name and count to show: the right variant shows, the
 * others take no place and are not in the accessibility tree. Without it (no script, nobody signed
 * in), 'Sign In' and the count the server rendered.
 */
.${header.whenSignedIn},
.${header.whenAdmin},
html[data-shop-session] .${header.whenSignedOut} {
  display: none;
}
html[data-shop-session] .${header.whenSignedIn},
html[data-shop-session='admin'] .${header.whenAdmin} {
  display: contents;
}
.${header.storedName}::before {
  content: var(--shop-user-name, '');
}
.${header.storedCount}::before {
  content: var(--shop-cart-count, '0');
}
.${header.menu} {
  position: relative;
}
.${header.menuToggle} {
  min-height: ${theme.controlHeights.md};
  border: 0;
  background: transparent;
  font: inherit;
  cursor: pointer;
}
.${header.menuToggle}::after {
  content: ' \\25BE' / ''; /* a small down triangle: the button opens a list; empty alt text keeps it out of the button's name */
}
.${header.menuList} {
  min-width: ${theme.sizes.menu};
  margin: 0;
  padding: ${space[1]} 0;
  list-style: none;
  border: ${theme.borders.hairline} solid ${colors.border};
  border-radius: ${radii.md};
  background-color: ${colors.background};
}
${media.up('md')} {
  .${header.menuList} {
    position: absolute;
    right: 0;
    z-index: ${zIndices.dropdown};
  }
}
.${header.menuItem} {
  display: block;
  width: 100%;
  padding: ${space[2]} ${space[3]};
  border: 0;
  background: transparent;
  color: ${colors.text};
  font: inherit;
  text-align: left;
  text-decoration: none;
  cursor: pointer;
}
.${header.menuItem}:hover,
.${header.menuItem}:focus-visible {
  background-color: ${colors.light};
}
`;
