/**
 * Sign in (spec section 2, route /login?redirect=x), exposed to the shell as `checkout/LoginPage`.
 * Signed in (already, or by this form) it goes to '/' + redirect when that is a path of the shop, else '/'.
 */
import { Navigate } from 'react-router-dom';
import { usePageTitle } from '@shop/ui';
import { FormContainer } from '../shared/form-container.js';
import { useGoWhenSignedIn } from '../features/account/go-when-signed-in.js';
import { LoginForm } from '../features/account/login-form.js';

export default function LoginPage() {
  usePageTitle('Sign In');
  const { redirect, goTo } = useGoWhenSignedIn();
  if (goTo) return <Navigate to={goTo} replace />;
  return (
    <FormContainer>
      <LoginForm redirect={redirect} />
    </FormContainer>
  );
}
