import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useSession } from '@shop/shop-client';

export interface RequireAdminProps {
  /** Where anyone who is not an admin goes: '/' for the users pages, '/login' for products and orders (spec section 6). */
  otherwise: '/' | '/login';
  children: ReactNode;
}

/**
 * Shows its children to admins only; guests and customers are sent elsewhere, replacing the admin
 * address in the history. The children are not even rendered for them, so nothing is fetched.
 * (The server refuses these calls to non-admins too; this only spares them a screen they cannot use.)
 */
export function RequireAdmin({ otherwise, children }: RequireAdminProps) {
  const { isAdmin } = useSession();
  if (!isAdmin) return <Navigate to={otherwise} replace />;
  return <>{children}</>;
}
