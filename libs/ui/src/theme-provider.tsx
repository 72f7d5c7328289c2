import type { ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { GlobalStyle } from './global-style.js';
import { theme } from './theme.js';

export interface ShopThemeProviderProps {
  children?: ReactNode;
}

/**
 * The shop's theme and global styles around everything inside (docs/ui.md, "Styles"): styled-components'
 * ThemeProvider with the shop's theme, and GlobalStyle. The shell mounts it once, and each remote when it
 * runs standalone.
 */
export function ShopThemeProvider({ children }: ShopThemeProviderProps) {
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      {children}
    </ThemeProvider>
  );
}
