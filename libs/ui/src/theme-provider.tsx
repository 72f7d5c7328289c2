import type { ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { GlobalStyle } from './global-style.js';
import { theme } from './theme.js';

export interface ShopThemeProviderProps {
  children?: ReactNode;
}

/** Gives everything inside the shop's theme and its global styles. The shell mounts it once, and each remote when it runs standalone. */
export function ShopThemeProvider({ children }: ShopThemeProviderProps) {
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      {children}
    </ThemeProvider>
  );
}
