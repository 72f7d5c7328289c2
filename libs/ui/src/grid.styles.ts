import { styled } from 'styled-components';
import { media, theme } from './theme.js';
import { breakpoints, containerWidths, type Breakpoint } from './tokens.js';

/** Columns of the underlying grid; a Col spans some of them. */
export const GRID_SIZE = 12;

export const breakpointNames = Object.keys(breakpoints) as Breakpoint[];

/** The attribute that carries a Col's span from `breakpoint` up: `data-span-md="6"` spans 6 of the 12 columns from md. */
export const spanAttribute = (breakpoint: Breakpoint) => `data-span-${breakpoint}` as const;

const spans = Array.from({ length: GRID_SIZE }, (_, index) => index + 1);

/* Centred page content with side gutters, as wide as the breakpoint allows. */
export const ContainerBox = styled.div`
  width: 100%;
  margin-inline: auto;
  padding-inline: ${theme.space[3]};
  ${breakpointNames
    .filter((name) => containerWidths[name])
    .map((name) => `${media.up(name)} { max-width: ${containerWidths[name]}; }`)
    .join('\n')}
`;

/* A 12-column grid row; its Cols wrap onto new lines. */
export const RowGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(${GRID_SIZE}, minmax(0, 1fr));
  gap: ${theme.space[3]};
`;

/*
 * Every span at every breakpoint, written once: a Col picks its spans with data-span-<breakpoint>
 * attributes, so no span generates CSS while rendering.
 */
export const Cell = styled.div`
  min-width: 0;
  ${breakpointNames
    .map((name) => {
      const rules = spans.map((cells) => `&[${spanAttribute(name)}='${cells}'] { grid-column: span ${cells}; }`).join('\n');
      return name === 'xs' ? rules : `${media.up(name)} {\n${rules}\n}`;
    })
    .join('\n')}
`;
