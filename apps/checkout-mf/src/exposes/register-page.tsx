/**
 * Sign up (spec section 2, route /register?redirect=x), exposed to the shell as `checkout/RegisterPage`.
 * Registering signs the user in (spec section 4), who then goes on as from /login; so does a shopper
 * who is already signed in.
 */
import { Navigate } from 'react-router-dom';
import { usePageTitle } from '@shop/ui';
import { FormContainer } from '../shared/form-container.js';
import { useGoWhenSignedIn } from '../features/account/go-when-signed-in.js';
import { RegisterForm } from '../features/account/register-form.js';

export default function RegisterPage() {
  usePageTitle('Sign Up');
  const { redirect, goTo } = useGoWhenSignedIn();
  if (goTo) return <Navigate to={goTo} replace />;
  return (
    <FormContainer>
      <RegisterForm redirect={redirect} />
    </FormContainer>
  );
}
