import { css } from './css.js';
import { media, theme } from './theme.js';
import { breakpoints, containerWidths, type Breakpoint } from './tokens.js';

/** Columns of the underlying grid; a Col spans some of them. */
export const GRID_SIZE = 12;

export const breakpointNames = Object.keys(breakpoints) as Breakpoint[];

/** `shop-col-md-6`: span 6 of the 12 columns from md up (Bootstrap's naming). */
export const colClass = (breakpoint: Breakpoint, cells: number): string => `shop-col-${breakpoint}-${cells}`;

export const grid = { container: 'shop-container', row: 'shop-row', col: 'shop-col' } as const;

const spans = Array.from({ length: GRID_SIZE }, (_, index) => index + 1);

export const gridCss = css`
/* Centred page content with side gutters, as wide as the breakpoint allows. */
.${grid.container} {
  width: 100%;
  margin-inline: auto;
  padding-inline: ${theme.space[3]};
}
${breakpointNames
  .filter((name) => containerWidths[name])
  .map((name) => `${media.up(name)} { .${grid.container} { max-width: ${containerWidths[name]}; } }`)
  .join('\n')}
/* A 12-column grid row; its Cols wrap onto new lines. */
.${grid.row} {
  display: grid;
  grid-template-columns: repeat(${GRID_SIZE}, minmax(0, 1fr));
  gap: ${theme.space[3]};
}
.${grid.col} {
  min-width: 0;
}
${breakpointNames
  .map((name) => {
    const rules = spans.map((cells) => `.${colClass(name, cells)} { grid-column: span ${cells}; }`).join('\n');
    return name === 'xs' ? rules : `${media.up(name)} {\n${rules}\n}`;
  })
  .join('\n')}
`;
