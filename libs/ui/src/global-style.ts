/**
 * Page-wide styles for every front end (docs/ui.md, "Styles"): styled-components' createGlobalStyle,
 * mounted once by ShopThemeProvider (the shell's, or a remote's standalone page). The tokens become CSS
 * custom properties on :root (`--shop-color-primary` ...), then the base rules:
 * predictable box sizing, the base font, a focus ring no one can miss, motion switched off for people who
 * ask for less of it. One component on the page, rendered once: on a server-rendered page the server's
 * ServerStyleSheet carries it, and the browser takes it over without inserting it again.
 */
import { createGlobalStyle } from 'styled-components';
import { media, theme, type ShopTheme } from './theme.js';

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

/** The base rules of the page for `theme`. */
export function baseCss(theme: ShopTheme): string {
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
`;
}

/**
 * The shop's global styles. Static (built from the theme's constants, no function of props): a function
 * would make styled-components clear and insert the rules again when it mounts in the browser, after
 * taking the server's copy over; a static one keeps the server's.
 */
export const GlobalStyle = createGlobalStyle`${baseCss(theme)}`;
