/**
 * Checkout's sign-in form, exposed as the part `checkout/SignInForm` (libs/contracts, REMOTE_PARTS) for
 * pages of other remotes that need a sign-in (admin's page when it runs alone), so the shop has one
 * sign-in, checkout's. Signing in updates the page's session; where to go then is the host page's
 * business, so the 'Register' link carries no redirect.
 */
import type { RemotePartProps } from '@shop/contracts';
import { LoginForm } from '../features/account/login-form.js';

export default function SignInForm({ title }: RemotePartProps['SignInForm']) {
  return <LoginForm redirect={null} title={title} />;
}
