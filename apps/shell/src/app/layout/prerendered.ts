import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * True on the server and while the browser hydrates the server's page (React renders the server's
 * snapshot then), false once the page is the browser's. What depends on this browser (its local storage,
 * its loaded parts) waits for false, so the hydrated page matches the server's HTML.
 */
export function usePrerendered(): boolean {
  return useSyncExternalStore(never, () => false, () => true);
}
