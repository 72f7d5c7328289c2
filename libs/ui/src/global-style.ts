/**
 * Page-wide base styles every front end gets from ShopThemeProvider: predictable box sizing, the base
 * font, a focus ring no one can miss, motion switched off for people who ask for less of it, and the
 * tokens as CSS variables (so plain CSS, and a later move away from runtime CSS-in-JS, can use them).
 */
import { createGlobalStyle } from 'styled-components';
import { media, type ShopTheme } from './theme.js';

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

export const GlobalStyle = createGlobalStyle`
  :root {
    ${({ theme }) => cssVariables(theme)}
  }

  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }

  body {
    margin: 0;
    font-family: ${({ theme }) => theme.fonts.body};
    font-size: ${({ theme }) => theme.fontSizes.base};
    line-height: ${({ theme }) => theme.lineHeights.base};
    color: ${({ theme }) => theme.colors.text};
    background: ${({ theme }) => theme.colors.background};
  }

  a {
    color: ${({ theme }) => theme.colors.link};
  }

  img {
    max-width: 100%;
    height: auto;
  }

  /* Keyboard focus: a thick ring with an offset, visible on light and dark controls alike. */
  :focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
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
