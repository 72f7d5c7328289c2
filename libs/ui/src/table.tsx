import type { ComponentProps, ComponentPropsWithoutRef } from 'react';
import { IdCellBox, ScrollBox, StripedTable } from './table.styles.js';
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
 * A striped, bordered table that scrolls horizontally on small screens. With `columns`, it writes the
 * head and its children are the rows; without, children are thead/tbody as usual.
 */
export function Table({ label, columns, children, ...props }: TableProps) {
  return (
    <ScrollBox role="region" aria-label={label} tabIndex={0}>
      <StripedTable {...props}>
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
      </StripedTable>
    </ScrollBox>
  );
}

export interface IdCellProps extends ComponentPropsWithoutRef<'td'> {
  /** 'th' (with scope="row") makes the cell its row's header; 'td' by default. */
  as?: 'td' | 'th';
}

/**
 * A cell holding a long id (a UUID): it may wrap anywhere rather than widen the table past its box.
 * `<IdCell as="th" scope="row">` makes it the row's header.
 */
export function IdCell({ as = 'td', ...props }: IdCellProps) {
  return <IdCellBox as={as} {...props} />;
}

