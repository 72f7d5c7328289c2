import { styled } from 'styled-components';

/**
 * On a narrow screen the table scrolls sideways inside this box instead of widening the page. The box is
 * focusable and named, so keyboard users can scroll it too.
 */
export const Scroll = styled.div`
  /* Positioned, so visually hidden text in a cell scrolled out of view stays inside the box
     instead of widening the page. */
  position: relative;
  width: 100%;
  overflow-x: auto;
  margin-bottom: ${({ theme }) => theme.space[3]};
`;

export const StyledTable = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSizes.sm};

  th,
  td {
    padding: ${({ theme }) => `${theme.space[2]} ${theme.space[2]}`};
    border: ${({ theme }) => `${theme.borders.hairline} solid ${theme.colors.border}`};
    text-align: left;
    vertical-align: middle;
    white-space: nowrap;
  }

  thead th {
    background-color: ${({ theme }) => theme.colors.surface};
    font-weight: ${({ theme }) => theme.fontWeights.bold};
  }

  tbody tr:nth-child(odd) {
    background-color: ${({ theme }) => theme.colors.surface};
  }
`;

/**
 * A cell holding a long id (a UUID): it may wrap anywhere rather than widen the table past its box.
 * `<IdCell as="th" scope="row">` makes it the row's header.
 */
export const IdCell = styled.td`
  && {
    min-width: 10ch;
    white-space: normal;
    overflow-wrap: anywhere;
    font-family: ${({ theme }) => theme.fonts.mono};
  }
`;
