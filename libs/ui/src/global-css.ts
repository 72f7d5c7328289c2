/**
 * The page's stylesheet as plain CSS text: the base styles (predictable box sizing, the base font, a
 * focus ring no one can miss, motion switched off for people who ask for less of it, the tokens as CSS
 * variables) and the static components' styles (see css.ts).
 *
 * Plain text, so the shell's build writes it into index.html (`@shop/ui/global-css`) and the browser has
 * it before any script runs: no render generates CSS (styled-components, which the shop used before,
 * rebuilt it on the main thread, ~90 ms of a throttled phone's first render). GlobalStyle adds the same
 * text where no index.html carries it (a remote run on its own, tests).
 */
import { alertCss } from './alert.styles.js';
import { buttonCss } from './button.styles.js';
import { cardCss } from './card.styles.js';
import { carouselCss } from './carousel.styles.js';
import { fieldCss } from './form-field.styles.js';
import { gridCss } from './grid.styles.js';
import { markCss } from './marks.styles.js';
import { paginateCss } from './paginate.styles.js';
import { ratingCss } from './rating.styles.js';
import { spinnerCss } from './spinner.styles.js';
import { stepBarCss } from './step-bar.styles.js';
import { tableCss } from './table.styles.js';
import { media, theme as shopTheme, type ShopTheme } from './theme.js';
import { visuallyHiddenCss } from './visually-hidden.styles.js';

/**
 * Every component's styles (their `*.styles.ts`): their CSS is part of the page's one stylesheet.
 */
const COMPONENTS_CSS = [visuallyHiddenCss, gridCss, buttonCss, fieldCss, cardCss, carouselCss, paginateCss, ratingCss, spinnerCss, alertCss, tableCss, stepBarCss, markCss];

/** The id of the `<style>` element that holds the global CSS, in index.html or added by GlobalStyle. */
export const GLOBAL_STYLE_ID = 'shop-global-style';

/** `--shop-color-primary: #...;` etc. for every colour, space step, radius and font size. */
export function cssVariables(theme: ShopTheme): string {
  const groups: Array<[string, Record<string, string | number>]> = [
    ['color', theme.colors],
    ['space', Object.fromEntries(theme.space.map((value, step) => [step, value]))],
    ['radius', theme.radii],
    ['font-size', theme.fontSizes],
  ];
  return groups
    .flatMap(([group, values]) => Object.entries(values).map(([name, value]) => `--shop-${group}-${kebab(name)}: ${value};`))
    .join('\n');
}

function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

/** The page's stylesheet: base styles for `theme` (the shop's by default), then the static components'. */
export function globalCss(theme: ShopTheme = shopTheme): string {
  return `${baseCss(theme)}\n${COMPONENTS_CSS.join('\n')}`;
}

function baseCss(theme: ShopTheme): string {
  return `
:root {
${cssVariables(theme)}
}
*,
*::before,
*::after {
  box-sizing: border-box;
}
body {
  margin: 0;
  font-family: ${theme.fonts.body};
  font-size: ${theme.fontSizes.base};
  line-height: ${theme.lineHeights.base};
  color: ${theme.colors.text};
  background: ${theme.colors.background};
}
a {
  color: ${theme.colors.link};
}
/*
 * Controls in the page's font: browsers give buttons and fields a font of their own (Arial, another
 * font file to find and load during the first layout of the page, for a few buttons).
 */
button,
input,
select,
textarea {
  font-family: inherit;
}
img {
  max-width: 100%;
  height: auto;
}
/* A <picture> only chooses the file: the <img> inside is the box that is laid out and styled. */
picture {
  display: contents;
}
/* Its <source> elements are not boxes either: without this, in a grid (an order's lines) each one took a
   cell of its own, as browsers give <source> no display of its own. */
picture > source {
  display: none;
}
/* Keyboard focus: a thick ring with an offset, visible on light and dark controls alike. */
:focus-visible {
  outline: ${theme.borders.focus} solid ${theme.colors.focus};
  outline-offset: ${theme.borders.focusOffset};
}
${media.reducedMotion} {
  *,
  *::before,
  *::after {
    animation-duration: 0.01ms !important;
    animation-iteration-count: 1 !important;
    transition-duration: 0.01ms !important;
    scroll-behavior: auto !important;
  }
}
`.trim();
}
