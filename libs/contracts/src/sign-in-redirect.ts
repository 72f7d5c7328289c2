/**
 * Where /login?redirect=x and /register?redirect=x go after signing in: '/' + x when x is a relative
 * path of the shop (letters, digits, '/', '-', '_', no '//' and no ':'), else '/'. Anything else (a full
 * URL, `//evil.example`) could send the shopper off the site.
 */
export function redirectTarget(redirect: string | null): string {
  const path = cleanRedirect(redirect);
  return path ? `/${path}` : '/';
}

/** The redirect without its leading slashes when it is safe to keep, else null. */
export function cleanRedirect(redirect: string | null): string | null {
  if (!redirect || !/^[A-Za-z0-9/_-]+$/.test(redirect) || redirect.includes('//')) return null;
  return redirect.replace(/^\/+/, '') || null;
}

/** A link to the other account page that keeps the redirect: `/register?redirect=shipping`. */
export function withRedirect(page: '/login' | '/register', redirect: string | null): string {
  const path = cleanRedirect(redirect);
  return path ? `${page}?redirect=${path}` : page;
}
