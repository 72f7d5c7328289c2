import { createElement, type ComponentPropsWithoutRef } from 'react';
import { css, cx } from './css.js';
import { theme } from './theme.js';

const { colors, space } = theme;

export const table = { scroll: 'shop-table-scroll', table: 'shop-table', idCell: 'shop-table__id' } as const;

export const tableCss = css`
/*
 * On a narrow screen the table scrolls sideways inside this box instead of widening the page. The box is
 * focusable and named, so keyboard users can scroll it too. Positioned, so visually hidden text in a cell
 * scrolled out of view stays inside the box instead of widening the page.
 */
.${table.scroll} {
  position: relative;
  width: 100%;
  overflow-x: auto;
  margin-bottom: ${space[3]};
}
.${table.table} {
  width: 100%;
  border-collapse: collapse;
  font-size: ${theme.fontSizes.sm};
}
.${table.table} th,
.${table.table} td {
  padding: ${space[2]} ${space[2]};
  border: ${theme.borders.hairline} solid ${colors.border};
  text-align: left;
  vertical-align: middle;
  white-space: nowrap;
}
.${table.table} thead th {
  background-color: ${colors.surface};
  font-weight: ${theme.fontWeights.bold};
}
.${table.table} tbody tr:nth-child(odd) {
  background-color: ${colors.surface};
}
/* Doubled, so it outweighs the table's cell rules above. */
.${table.idCell}.${table.idCell} {
  min-width: 10ch;
  white-space: normal;
  overflow-wrap: anywhere;
  font-family: ${theme.fonts.mono};
}
`;

export interface IdCellProps extends ComponentPropsWithoutRef<'td'> {
  /** 'th' (with scope="row") makes the cell its row's header; 'td' by default. */
  as?: 'td' | 'th';
}

/**
 * A cell holding a long id (a UUID): it may wrap anywhere rather than widen the table past its box.
 * `<IdCell as="th" scope="row">` makes it the row's header.
 */
export function IdCell({ as = 'td', className, ...props }: IdCellProps) {
  return createElement(as, { ...props, className: cx(table.idCell, className) });
}
