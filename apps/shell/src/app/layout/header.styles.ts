/**
 * The header's look: every value from the @shop/ui theme; the nav collapses below md (spec section 9
 * breakpoints). Every component here is static: its CSS is generated once, and the server's sheet
 * carries it, so the server-rendered variants (below) apply before any script runs.
 */
import { Link } from 'react-router-dom';
import { css, styled } from 'styled-components';
import { media, theme } from '@shop/ui';

const { colors, space, radii, fontSizes, fontWeights, zIndices } = theme;

export const HeaderBar = styled.header`
  min-height: ${theme.sizes.header}; /* reserved, so a remote's page below does not shift */
  padding-block: ${space[2]};
  background-color: ${colors.primary};
  color: ${colors.onPrimary};
`;

export const NavBar = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${space[2]};
`;

/** Links and buttons on the dark bar. */
const onDarkBar = css`
  color: ${colors.onPrimary};
  text-decoration: none;

  &:hover {
    text-decoration: underline;
  }
  &:focus-visible {
    outline: ${theme.borders.focusOnDark} solid ${colors.onPrimary};
    outline-offset: ${theme.borders.focusOffset};
  }
`;

export const Brand = styled(Link)`
  ${onDarkBar}
  font-size: ${fontSizes.lg};
  font-weight: ${fontWeights.bold};
`;

/** Shown only below md, where the nav items collapse behind it; its aria-expanded opens NavItems. */
export const NavToggle = styled.button`
  ${onDarkBar}
  min-height: ${theme.controlHeights.md};
  padding: ${space[1]} ${space[2]};
  border: ${theme.borders.hairline} solid ${colors.onPrimary};
  border-radius: ${radii.sm};
  background: transparent;
  cursor: pointer;

  ${media.up('md')} {
    display: none;
  }
`;

/**
 * A row from md up; below md a column shown only while the toggle before it is open (its
 * aria-expanded, the one place the open state is said).
 */
export const NavItems = styled.div`
  display: flex;
  align-items: center;
  gap: ${space[3]};

  ${media.down('md')} {
    display: none;
    flex-basis: 100%;
    flex-direction: column;
    align-items: flex-start;
    gap: ${space[2]};

    ${NavToggle}[aria-expanded='true'] ~ & {
      display: flex;
    }
  }
`;

export const SearchForm = styled.form`
  display: flex;
  gap: ${space[1]};
`;

export const NavLink = styled(Link)`
  ${onDarkBar}
`;

/**
 * The cart's count: the store's (data-cart-count="live"), or, until the shell has hydrated a
 * server-rendered page, the stored count first-paint.js set as --shop-cart-count (data-cart-count="stored").
 */
export const CartCount = styled.span`
  display: inline-block;
  min-width: ${theme.sizes.badge};
  padding-inline: ${space[1]};
  border-radius: ${radii.pill};
  background-color: ${colors.light};
  color: ${colors.onLight};
  font-size: ${fontSizes.sm};
  text-align: center;

  &[data-cart-count='stored']::before {
    content: var(--shop-cart-count, '0');
  }
`;

/**
 * A place of the session's links: as if not there for layout (its content is the nav's item).
 *
 * Before the shell has hydrated a server-rendered page, its first-paint script has said who is signed
 * in (<html data-shop-session>) and given the name and count to show; the header then holds every
 * variant, each slot saying which it is (data-session-variant): the right one shows, the others take
 * no place and are not in the accessibility tree. Without it (no script, nobody signed in), 'Sign In'
 * and the count the server rendered.
 */
export const SessionSlot = styled.span`
  display: contents;

  &[data-session-variant='signed-in'],
  &[data-session-variant='admin'],
  html[data-shop-session] &[data-session-variant='signed-out'] {
    display: none;
  }
  html[data-shop-session] &[data-session-variant='signed-in'],
  html[data-shop-session='admin'] &[data-session-variant='admin'] {
    display: contents;
  }
`;

/**
 * The signed-in shopper's name: as local storage holds it (first-paint.js sets --shop-user-name,
 * data-user-name="stored") before the shell has hydrated the page, then the store's (data-user-name="live").
 */
export const UserName = styled.span`
  &[data-user-name='stored']::before {
    content: var(--shop-user-name, '');
  }
`;

export const MenuRoot = styled.div`
  position: relative;
`;

export const MenuToggle = styled.button`
  ${onDarkBar}
  min-height: ${theme.controlHeights.md};
  border: 0;
  background: transparent;
  font: inherit;
  cursor: pointer;

  &::after {
    content: ' \\25BE' / ''; /* a small down triangle: the button opens a list; empty alt text keeps it out of the button's name */
  }
`;

export const MenuList = styled.ul`
  min-width: ${theme.sizes.menu};
  margin: 0;
  padding: ${space[1]} 0;
  list-style: none;
  border: ${theme.borders.hairline} solid ${colors.border};
  border-radius: ${radii.md};
  background-color: ${colors.background};

  ${media.up('md')} {
    position: absolute;
    right: 0;
    z-index: ${zIndices.dropdown};
  }
`;

const menuItem = css`
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

  &:hover,
  &:focus-visible {
    background-color: ${colors.light};
  }
`;

export const MenuLink = styled(Link)`
  ${menuItem}
`;

export const MenuButton = styled.button`
  ${menuItem}
`;
