import type { ReactNode } from 'react';
import { AppProviders, type AppProvidersProps } from './providers.js';

export interface AppProps extends Omit<AppProvidersProps, 'children'> {
  /** The router with the shell's routes: BrowserRouter in the page, StaticRouter on the server, a MemoryRouter in tests. */
  children: ReactNode;
}

/** The shell's root: the shared providers once, around the router, so every remote page gets them. */
export function App({ children, ...providers }: AppProps) {
  return <AppProviders {...providers}>{children}</AppProviders>;
}
