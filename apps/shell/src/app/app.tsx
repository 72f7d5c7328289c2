import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider, type DataRouter } from 'react-router-dom';
import { AppProviders } from './providers.js';

export interface AppProps {
  /** Passed in, so tests drive the shell with a memory router. */
  router: DataRouter;
  queryClient?: QueryClient;
}

/** The shell's root: the shared providers once, around the router, so every remote page gets them. */
export function App({ router, queryClient }: AppProps) {
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
