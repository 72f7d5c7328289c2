import type { ComponentProps } from 'react';
import { cx } from './css.js';
import { VisuallyHidden } from './visually-hidden.js';
import { table } from './table.styles.js';

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
export function Table({ label, columns, children, className, ...props }: TableProps) {
  return (
    <div className={table.scroll} role="region" aria-label={label} tabIndex={0}>
      <table {...props} className={cx(table.table, className)}>
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
      </table>
    </div>
  );
}

