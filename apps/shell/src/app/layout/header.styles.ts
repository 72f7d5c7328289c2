/** The header's look: every value from the @shop/ui theme; the nav collapses below md (spec section 9 breakpoints). */
import { Link } from 'react-router-dom';
import { css, styled } from 'styled-components';
import { media } from '@shop/ui';

export const HeaderBar = styled.header`
  min-height: 4.5rem; /* reserved, so a remote's page below does not shift */
  padding-block: ${({ theme }) => theme.space[2]};
  background-color: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
`;

export const NavBar = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[2]};
`;

const onDark = css`
  color: ${({ theme }) => theme.colors.onPrimary};
  text-decoration: none;

  &:hover {
    text-decoration: underline;
  }

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.onPrimary};
    outline-offset: 2px;
  }
`;

export const Brand = styled(Link)`
  ${onDark}
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
`;

/** Shown only below md, where the nav items collapse behind it. */
export const NavToggle = styled.button`
  ${onDark}
  min-height: 2.5rem;
  padding: ${({ theme }) => `${theme.space[1]} ${theme.space[2]}`};
  border: 1px solid ${({ theme }) => theme.colors.onPrimary};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: transparent;
  cursor: pointer;

  ${media.up('md')} {
    display: none;
  }
`;

/** A row from md up; below md a column shown only while the toggle is open. */
export const NavItems = styled.div<{ $open: boolean }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};

  ${media.down('md')} {
    display: ${({ $open }) => ($open ? 'flex' : 'none')};
    flex-basis: 100%;
    flex-direction: column;
    align-items: flex-start;
    gap: ${({ theme }) => theme.space[2]};
  }
`;

export const SearchForm = styled.form`
  display: flex;
  gap: ${({ theme }) => theme.space[1]};
`;

export const NavLink = styled(Link)`
  ${onDark}
`;

export const CartCount = styled.span`
  display: inline-block;
  min-width: 1.5rem;
  padding-inline: ${({ theme }) => theme.space[1]};
  border-radius: ${({ theme }) => theme.radii.pill};
  background-color: ${({ theme }) => theme.colors.light};
  color: ${({ theme }) => theme.colors.onLight};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  text-align: center;
`;

export const MenuRoot = styled.div`
  position: relative;
`;

export const MenuToggle = styled.button`
  ${onDark}
  min-height: 2.5rem;
  border: 0;
  background: transparent;
  font: inherit;
  cursor: pointer;

  &::after {
    content: ' \\25BE' / ''; /* a small down triangle: the button opens a list; empty alt text keeps it out of the button's name */
  }
`;

export const MenuList = styled.ul`
  min-width: 10rem;
  margin: 0;
  padding: ${({ theme }) => theme.space[1]} 0;
  list-style: none;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background-color: ${({ theme }) => theme.colors.background};

  ${media.up('md')} {
    position: absolute;
    right: 0;
    z-index: ${({ theme }) => theme.zIndices.dropdown};
  }
`;

const menuItem = css`
  display: block;
  width: 100%;
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
  border: 0;
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  text-align: left;
  text-decoration: none;
  cursor: pointer;

  &:hover,
  &:focus-visible {
    background-color: ${({ theme }) => theme.colors.light};
  }
`;

export const MenuLink = styled(Link)`
  ${menuItem}
`;

export const MenuButton = styled.button`
  ${menuItem}
`;
