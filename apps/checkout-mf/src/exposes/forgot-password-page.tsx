/**
 * "Forgot password?" (route /forgot-password, linked from /login), exposed to the shell as
 * `checkout/ForgotPasswordPage`: asks for a reset link by mail (docs/users.md, "Password reset").
 */
import { usePageTitle } from '@shop/ui';
import { FormContainer } from '../shared/form-container.js';
import { ForgotPasswordForm } from '../features/password-reset/forgot-password-form.js';

export default function ForgotPasswordPage() {
  usePageTitle('Forgot Password');
  return (
    <FormContainer>
      <ForgotPasswordForm />
    </FormContainer>
  );
}
