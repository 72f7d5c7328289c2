import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useSession, useShopClient } from '@shop/shop-client';
import { redirectTarget } from './redirect.js';

/**
 * The `redirect` query value of /login and /register; once the shopper is signed in (already, or by
 * the form's success) it goes to '/' + redirect, replacing the sign-in page in the history.
 */
export function useGoWhenSignedIn(): string | null {
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get('redirect');
  const navigate = useNavigate();
  const { store } = useShopClient();
  const { isSignedIn } = useSession(store);

  useEffect(() => {
    if (isSignedIn) navigate(redirectTarget(redirect), { replace: true });
  }, [isSignedIn, redirect, navigate]);

  return redirect;
}
