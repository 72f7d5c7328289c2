import { styled } from 'styled-components';
import { theme } from './theme.js';

const { colors, space } = theme;

/*
 * On a narrow screen the table scrolls sideways inside this box instead of widening the page. The box is
 * focusable and named, so keyboard users can scroll it too. Positioned, so visually hidden text in a cell
 * scrolled out of view stays inside the box instead of widening the page.
 */
export const ScrollBox = styled.div`
  position: relative;
  width: 100%;
  overflow-x: auto;
  margin-bottom: ${space[3]};
`;

export const StripedTable = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${theme.fontSizes.sm};
  th,
  td {
    padding: ${space[2]} ${space[2]};
    border: ${theme.borders.hairline} solid ${colors.border};
    text-align: left;
    vertical-align: middle;
    white-space: nowrap;
  }
  thead th {
    background-color: ${colors.surface};
    font-weight: ${theme.fontWeights.bold};
  }
  tbody tr:nth-child(odd) {
    background-color: ${colors.surface};
  }
`;

/* Doubled (&&), so it outweighs the table's cell rules above. */
export const IdCellBox = styled.td`
  && {
    min-width: 10ch;
    white-space: normal;
    overflow-wrap: anywhere;
    font-family: ${theme.fonts.mono};
  }
`;
