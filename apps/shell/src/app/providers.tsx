/**
 * The shared context of every screen: the global styles and the data layer. The shell mounts these once,
 * around the router, and the remotes' pages (which receive react, the router, @shop/ui and
 * @shop/shop-client as shared singletons) read the same instances.
 */
import type { ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { ShopThemeProvider } from '@shop/ui';
import { ShopClientProvider, type FirstAnswers, type ShopStore } from '@shop/shop-client';

export interface AppProvidersProps {
  children: ReactNode;
  /** A query client of the caller's; tests pass one with retries off. */
  queryClient?: QueryClient;
  /** The session and cart store: the page's by default; a server render's has no storage. */
  store?: ShopStore;
  /** The answers fetched before the first render: the page's by default; a server render's own. */
  firstAnswers?: FirstAnswers;
}

export function AppProviders({ children, queryClient, store, firstAnswers }: AppProvidersProps) {
  return (
    <ShopThemeProvider>
      <ShopClientProvider queryClient={queryClient} store={store} firstAnswers={firstAnswers}>
        {children}
      </ShopClientProvider>
    </ShopThemeProvider>
  );
}
