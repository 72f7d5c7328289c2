/**
 * The page of a reset mail's link (route /reset-password#token=…), exposed to the shell as
 * `checkout/ResetPasswordPage`. The token is read from the fragment once, then the fragment is taken
 * off the address, so it stays in neither the history nor a bookmark.
 */
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { usePageTitle } from '@shop/ui';
import { FormContainer } from '../shared/form-container.js';
import { ResetPasswordForm } from '../features/password-reset/reset-password-form.js';
import { resetTokenOf } from '../features/password-reset/reset-token.js';

export default function ResetPasswordPage() {
  usePageTitle('Reset Password');
  const location = useLocation();
  const navigate = useNavigate();
  const [token] = useState(() => resetTokenOf(location.hash));
  useEffect(() => {
    if (location.hash) navigate({ pathname: location.pathname, search: location.search }, { replace: true });
  }, [location.hash, location.pathname, location.search, navigate]);
  return (
    <FormContainer>
      <ResetPasswordForm token={token} />
    </FormContainer>
  );
}
