/**
 * The token of a reset link (`/reset-password#token=…`). It travels in the fragment, which a browser
 * never sends to a server (nor in a Referer header): it reaches no log of the gateway, a proxy or a CDN.
 */
export function resetTokenOf(fragment: string): string | null {
  const token = new URLSearchParams(fragment.replace(/^#/, '')).get('token');
  return token && /^[A-Za-z0-9_-]{20,100}$/.test(token) ? token : null;
}
