import { render, screen } from '@testing-library/react';
import { Button } from './button.js';
import { baseCss, cssVariables } from './global-style.js';
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
        <Button>inside</Button>
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
  it('keeps one copy of the global styles in the page however often the app renders', () => {
    const page = (text: string) => (
      <ShopThemeProvider>
        <p>{text}</p>
      </ShopThemeProvider>
    );
    const { rerender } = render(page('first'));
    rerender(page('second'));
    const focusRings = Array.from(document.styleSheets)
      .flatMap((sheet) => Array.from(sheet.cssRules, (rule) => rule.cssText))
      .filter((rule) => rule.startsWith(':focus-visible'));
    expect(focusRings).toHaveLength(1);
  });

  it('writes the tokens, base font, focus ring and reduced motion into one stylesheet', () => {
    const css = baseCss(theme);
    expect(css).toContain(`--shop-color-primary: ${theme.colors.primary};`);
    expect(css).toContain(`font-family: ${theme.fonts.body};`);
    expect(css).toContain(`outline: 3px solid ${theme.colors.focus};`);
    expect(css).toContain('@media (prefers-reduced-motion: reduce)');
  });
});
