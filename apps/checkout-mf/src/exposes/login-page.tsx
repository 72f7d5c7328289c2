/**
 * Sign in (spec section 2, route /login?redirect=x), exposed to the shell as `checkout/LoginPage`.
 * Signed in (already, or by this form) it goes to '/' + redirect when that is a path of the shop, else '/'.
 */
import { usePageTitle } from '@shop/ui';
import { FormContainer } from '../form-container.js';
import { useGoWhenSignedIn } from '../account/go-when-signed-in.js';
import { LoginForm } from '../account/login-form.js';

export default function LoginPage() {
  usePageTitle('Sign In');
  const redirect = useGoWhenSignedIn();
  return (
    <FormContainer>
      <LoginForm redirect={redirect} />
    </FormContainer>
  );
}
