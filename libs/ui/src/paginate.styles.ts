import { Link } from 'react-router-dom';
import { styled, css } from 'styled-components';
import { theme } from './theme.js';

const { colors, space } = theme;

export const PageList = styled.ul`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${space[1]};
  margin: ${space[3]} 0;
  padding: 0;
  list-style: none;
`;

/** A page link and a gap take the same box, so the row does not shift when a gap replaces numbers. */
const pageBox = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-width: ${theme.controlHeights.md};
  min-height: ${theme.controlHeights.md};
`;

export const PageLink = styled(Link)`
  ${pageBox}
  padding: 0 ${space[2]};
  border: ${theme.borders.hairline} solid ${colors.border};
  border-radius: ${theme.radii.sm};
  color: ${colors.primary};
  text-decoration: none;
  &:hover {
    background-color: ${colors.light};
  }
  &[aria-current='page'] {
    background-color: ${colors.primary};
    border-color: ${colors.primary};
    color: ${colors.onPrimary};
  }
`;

export const Gap = styled.li`
  ${pageBox}
  color: ${colors.textMuted};
`;
