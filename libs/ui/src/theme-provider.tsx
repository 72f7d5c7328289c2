import type { ReactNode } from 'react';
import { GlobalStyle } from './global-style.js';

export interface ShopThemeProviderProps {
  children?: ReactNode;
}

/**
 * The shop's global styles around everything inside: the shell mounts it once, and each remote when it
 * runs standalone. Every value a stylesheet uses comes from `theme` when the stylesheet is built (static
 * CSS, docs/ui.md), so there is nothing to provide at run time.
 */
export function ShopThemeProvider({ children }: ShopThemeProviderProps) {
  return (
    <>
      <GlobalStyle />
      {children}
    </>
  );
}
