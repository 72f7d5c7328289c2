import { useCallback } from 'react';
import { useShopClient } from './shop-client-provider.js';

/**
 * Logout (spec section 4): ends the session on the server first, so the token dies with it, then
 * clears the user, orders, cart and admin state held here, whatever the server answered (offline,
 * already ended): the user asked to leave. Here because the session is the page's, not a remote's.
 */
export function useLogout(): () => Promise<void> {
  const { http, store } = useShopClient();
  return useCallback(async () => {
    try {
      await http.request<void>('/api/users/logout', { method: 'POST' });
    } catch {
      // The local session ends all the same; a token the server did not hear of expires on its own.
    } finally {
      store.signOut();
    }
  }, [http, store]);
}
