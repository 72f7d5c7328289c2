import { render, screen } from '@testing-library/react';
import { GLOBAL_STYLE_ID, globalCss } from './global-css.js';
import { cssVariables } from './global-style.js';
import { media, theme } from './theme.js';
import { ShopThemeProvider } from './theme-provider.js';

describe('theme', () => {
  it('carries the spec’s breakpoints', () => {
    expect(theme.breakpoints).toEqual({ xs: 0, sm: 576, md: 768, lg: 992, xl: 1200, xxl: 1400 });
  });

  it('builds media queries from the breakpoints', () => {
    expect(media.up('md')).toBe('@media (min-width: 768px)');
    expect(media.up('xl')).toBe('@media (min-width: 1200px)');
    expect(media.down('lg')).toBe('@media (max-width: 991.98px)');
  });

  it('mirrors the tokens as CSS variables', () => {
    const variables = cssVariables(theme);
    expect(variables).toContain(`--shop-color-primary: ${theme.colors.primary};`);
    expect(variables).toContain('--shop-color-danger-bg: #f8d7da;');
    expect(variables).toContain('--shop-space-3: 1rem;');
    expect(variables).toContain('--shop-font-size-base: 1rem;');
  });
});

describe('ShopThemeProvider', () => {
  it('adds the global styles around what it renders', () => {
    render(
      <ShopThemeProvider>
        <p className="shop-btn">inside</p>
      </ShopThemeProvider>,
    );
    expect(screen.getByText('inside')).toBeInTheDocument();
    expect(screen.getByText('inside')).toHaveStyle({ display: 'inline-flex' });
    const css = Array.from(document.styleSheets)
      .flatMap((sheet) => Array.from(sheet.cssRules, (rule) => rule.cssText))
      .join('\n');
    expect(css).toContain('box-sizing: border-box');
    expect(css).toContain(':focus-visible');
    expect(css).toContain('prefers-reduced-motion');
  });
});

describe('GlobalStyle', () => {
  it('adds nothing where the page carries the global styles already (the shell’s index.html)', () => {
    document.head.innerHTML = `<style id="${GLOBAL_STYLE_ID}">body { margin: 0; }</style>`;
    render(<ShopThemeProvider>page</ShopThemeProvider>);
    expect(document.querySelectorAll(`#${GLOBAL_STYLE_ID}`)).toHaveLength(1);
    expect(document.getElementById(GLOBAL_STYLE_ID)?.textContent).toBe('body { margin: 0; }');
  });

  it('writes the tokens, base font, focus ring and reduced motion into one stylesheet', () => {
    const css = globalCss();
    expect(css).toContain(`--shop-color-primary: ${theme.colors.primary};`);
    expect(css).toContain(`font-family: ${theme.fonts.body};`);
    expect(css).toContain(`outline: 3px solid ${theme.colors.focus};`);
    expect(css).toContain('@media (prefers-reduced-motion: reduce)');
  });
});
