import type { ComponentPropsWithoutRef } from 'react';
import { breakpointNames, Cell, ContainerBox, GRID_SIZE, RowGrid, spanAttribute } from './grid.styles.js';
import { breakpoints, containerWidths, gridColumns, type Breakpoint } from './tokens.js';

export { GRID_SIZE };

export interface ContainerProps extends ComponentPropsWithoutRef<'div'> {
  /** A div by default; `main` when it is the page's main content. */
  as?: 'div' | 'main' | 'section';
}

/** Centred page content with side gutters, as wide as the breakpoint allows. */
export function Container({ as = 'div', ...props }: ContainerProps) {
  return <ContainerBox as={as} {...props} />;
}

/** A 12-column grid row; its Cols wrap onto new lines. */
export function Row(props: ComponentPropsWithoutRef<'div'>) {
  return <RowGrid {...props} />;
}

export type ColSpans = Partial<Record<Breakpoint, number>>;

export interface ColProps {
  /** Columns (of 12) to span from each breakpoint up, e.g. `$span={{ md: 6 }}`. */
  $span?: ColSpans;
}

/**
 * The span a Col takes at each breakpoint where it changes. Without `$span` a Col is a product grid cell:
 * as many per row as the spec's grid columns (3 at lg, 4 at xl).
 */
export function colSpans(span?: ColSpans): ColSpans {
  if (span) return { xs: GRID_SIZE, ...span };
  const spans: ColSpans = {};
  let previous: number | undefined;
  for (const name of breakpointNames) {
    const cells = GRID_SIZE / gridColumns[name];
    if (cells !== previous) spans[name] = cells;
    previous = cells;
  }
  return spans;
}

/** A cell of a Row, spanning `$span` columns from each breakpoint up. */
export function Col({ $span, ...props }: ColProps & ComponentPropsWithoutRef<'div'>) {
  const spans = Object.fromEntries(Object.entries(colSpans($span)).map(([name, cells]) => [spanAttribute(name as Breakpoint), cells]));
  return <Cell {...props} {...spans} />;
}

/** The Container's side gutters together, in px (space[3] on each side). */
const CONTAINER_GUTTERS_PX = 32;

/**
 * The `sizes` of an image as wide as a Col (see Picture): its width at each breakpoint, from the
 * Container's width and the Col's span, so a phone fetches a phone-sized copy and a desktop grid
 * cell a cell-sized one.
 */
export function colImageSizes(span?: ColSpans): string {
  const spans = colSpans(span);
  let cells = GRID_SIZE;
  const widths = breakpointNames.map((name) => {
    cells = spans[name] ?? cells;
    const container = containerWidths[name];
    const share = cells / GRID_SIZE;
    return { name, size: container ? `${Math.round((parseInt(container, 10) - CONTAINER_GUTTERS_PX) * share)}px` : `${Math.round(share * 100)}vw` };
  });
  const [smallest, ...larger] = widths;
  return [...larger.reverse().map(({ name, size }) => `(min-width: ${breakpoints[name]}px) ${size}`), smallest.size].join(', ');
}
