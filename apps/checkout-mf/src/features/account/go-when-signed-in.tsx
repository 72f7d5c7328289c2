import { useSearchParams } from 'react-router-dom';
import { useSession } from '@shop/shop-client';
import { redirectTarget } from '@shop/contracts';

export interface SignInRedirect {
  /** The page's `redirect` query value, which the form keeps on its link to the other account page. */
  redirect: string | null;
  /** Where a signed-in shopper goes at once ('/' + redirect), or null while signed out. */
  goTo: string | null;
}

/**
 * /login and /register: a shopper who is signed in (already, or just now by the form) has nothing to do
 * here and goes on to '/' + redirect; the page renders a replacing `<Navigate>` instead of its form, so
 * the form never flashes up and Back skips the sign-in page.
 */
export function useGoWhenSignedIn(): SignInRedirect {
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get('redirect');
  const { isSignedIn } = useSession();
  return { redirect, goTo: isSignedIn ? redirectTarget(redirect) : null };
}
