import type { SortDirection } from '@shop/contracts';
import { SortLink } from './table-tools.styles.js';

export interface SortableHeadingProps {
  /** The column's heading, as the spec names it (e.g. 'TOTAL'). */
  label: string;
  /** How the table is sorted by this column now, or undefined when it is not. */
  sorted?: SortDirection;
  /** The address of the table sorted the next way by this column. */
  href: string;
}

/**
 * A column heading that sorts its table: a link (it can be opened in a new tab, and the sort is in the
 * address) named by the column alone, so a screen reader reading a cell says 'TOTAL', not a sentence;
 * `aria-sort` on the heading says how the column is sorted, and the arrow is drawn by CSS only.
 */
export function SortableHeading({ label, sorted, href }: SortableHeadingProps) {
  return (
    <th scope="col" aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}>
      <SortLink to={href} data-sorted={sorted ?? 'none'}>
        {label}
      </SortLink>
    </th>
  );
}
