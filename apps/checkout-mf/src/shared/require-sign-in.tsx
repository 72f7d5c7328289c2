import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useSession } from '@shop/shop-client';

export interface RequireSignInProps {
  /** Where sign-in should come back to, without the leading slash: `shipping`, `order/o1`. */
  redirect: string;
  children: ReactNode;
}

/**
 * Shows its children to a signed-in user; a guest goes to /login?redirect=… (spec sections 2 and 6),
 * replacing the address so Back does not bounce into the guard again. The redirect keeps its slashes
 * readable (`?redirect=order/o1`); the login page accepts that form.
 */
export function RequireSignIn({ redirect, children }: RequireSignInProps) {
  const { isSignedIn } = useSession();
  if (!isSignedIn) return <Navigate to={`/login?redirect=${encodeURIComponent(redirect).replace(/%2F/g, '/')}`} replace />;
  return <>{children}</>;
}
