/**
 * Sign up (spec section 2, route /register?redirect=x), exposed to the shell as `checkout/RegisterPage`.
 * Registering signs the user in (spec section 4), who then goes on as from /login.
 */
import { usePageTitle } from '@shop/ui';
import { FormContainer } from '../form-container.js';
import { useGoWhenSignedIn } from '../account/go-when-signed-in.js';
import { RegisterForm } from '../account/register-form.js';

export default function RegisterPage() {
  usePageTitle('Sign Up');
  const redirect = useGoWhenSignedIn();
  return (
    <FormContainer>
      <RegisterForm redirect={redirect} />
    </FormContainer>
  );
}
