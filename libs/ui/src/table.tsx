import type { ComponentProps } from 'react';
import { styled } from 'styled-components';
import { VisuallyHidden } from './visually-hidden.js';

/** A column's heading: its text, or a name only screen readers hear (a column of row actions). */
export type TableColumn = string | { hiddenLabel: string };

export interface TableProps extends ComponentProps<'table'> {
  /** Names the scrollable region, e.g. 'Users'. */
  label: string;
  /** The column headings: the table writes its head, and its children are the body's rows. */
  columns?: readonly TableColumn[];
}

/**
 * On a narrow screen the table scrolls sideways inside this box instead of widening the page. The box is
 * focusable and named, so keyboard users can scroll it too.
 */
const Scroll = styled.div`
  /* Positioned, so visually hidden text in a cell scrolled out of view stays inside the box
     instead of widening the page. */
  position: relative;
  width: 100%;
  overflow-x: auto;
  margin-bottom: ${({ theme }) => theme.space[3]};
`;

const StyledTable = styled.table`
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
 * A striped, bordered table that scrolls horizontally on small screens. With `columns`, it writes the
 * head and its children are the rows; without, children are thead/tbody as usual.
 */
export function Table({ label, columns, children, ...props }: TableProps) {
  return (
    <Scroll role="region" aria-label={label} tabIndex={0}>
      <StyledTable {...props}>
        {columns ? (
          <>
            <thead>
              <tr>
                {columns.map((column) =>
                  typeof column === 'string' ? (
                    <th key={column} scope="col">
                      {column}
                    </th>
                  ) : (
                    <th key={column.hiddenLabel} scope="col">
                      <VisuallyHidden>{column.hiddenLabel}</VisuallyHidden>
                    </th>
                  ),
                )}
              </tr>
            </thead>
            <tbody>{children}</tbody>
          </>
        ) : (
          children
        )}
      </StyledTable>
    </Scroll>
  );
}

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
