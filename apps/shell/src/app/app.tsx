import type { ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { AppProviders } from './providers.js';

export interface AppProps {
  /** The router with the shell's routes: BrowserRouter in the page, a MemoryRouter in tests. */
  children: ReactNode;
  queryClient?: QueryClient;
}

/** The shell's root: the shared providers once, around the router, so every remote page gets them. */
export function App({ children, queryClient }: AppProps) {
  return <AppProviders queryClient={queryClient}>{children}</AppProviders>;
}
