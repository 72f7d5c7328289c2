import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

const mediaQuery = (): MediaQueryList | undefined =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(QUERY) : undefined;

function subscribe(onChange: () => void): () => void {
  const query = mediaQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

const matches = (): boolean => mediaQuery()?.matches ?? false;

/**
 * Whether the user asked the system for less motion; follows the setting if it changes. A server
 * render (and the browser's hydration of it) assumes no preference, so the markup matches; the
 * browser's render right after hydration takes the real setting.
 */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, matches, () => false);
}
