/** Test helper (not exported from index.ts): renders inside the shop theme, as every app does. */
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { ShopThemeProvider } from '../theme-provider.js';

function Wrapper({ children }: { children?: ReactNode }) {
  return <ShopThemeProvider>{children}</ShopThemeProvider>;
}

export function renderWithTheme(ui: ReactElement, options?: Omit<RenderOptions, 'wrapper'>) {
  return render(ui, { wrapper: Wrapper, ...options });
}
