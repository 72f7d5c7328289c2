/**
 * The theme: the design tokens gathered into one object, plus a `media` helper for breakpoint queries.
 * Every stylesheet (the components' `*.styles.ts`, the remotes' page stylesheets) is built once from it.
 */
import {
  borders,
  breakpoints,
  colors,
  containerWidths,
  controlHeights,
  durations,
  fontSizes,
  fontWeights,
  fonts,
  gridColumns,
  lineHeights,
  radii,
  sizes,
  space,
  zIndices,
  type Breakpoint,
} from './tokens.js';

export const theme = {
  breakpoints,
  gridColumns,
  containerWidths,
  colors,
  space,
  radii,
  fontSizes,
  fonts,
  fontWeights,
  lineHeights,
  zIndices,
  durations,
  borders,
  controlHeights,
  sizes,
} as const;

export type ShopTheme = typeof theme;

/*
 * styled-components' theme is the shop's (docs/ui.md, "Styles"): ShopThemeProvider provides `theme`
 * through ThemeProvider, and `props.theme` in any styled component is typed as ShopTheme.
 */
declare module 'styled-components' {
  // Declaration merging, as styled-components' documentation types its theme: an interface, not an alias.
  export interface DefaultTheme extends ShopTheme {}
}

/**
 * Media queries built from the spec's breakpoints, for use inside stylesheets:
 * `${media.up('md')} { ... }` applies from 768 px up; `media.down('md')` below 768 px.
 */
export const media = {
  up: (breakpoint: Breakpoint): string => `@media (min-width: ${breakpoints[breakpoint]}px)`,
  /** Below the breakpoint; the .02 px keeps it from overlapping `up` at fractional widths. */
  down: (breakpoint: Breakpoint): string => `@media (max-width: ${breakpoints[breakpoint] - 0.02}px)`,
  reducedMotion: '@media (prefers-reduced-motion: reduce)',
} as const;
