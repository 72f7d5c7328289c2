import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Button, Field, Input, Spinner } from '@shop/ui';
import { useConfirmPasswordReset } from './api/confirm-password-reset.js';

export const RESET_LINK_INCOMPLETE = 'This password reset link is incomplete. Please open the link of the mail again, or ask for a new one.';

export interface ResetPasswordFormProps {
  /** The token of the mail's link; null when the link carried none. */
  token: string | null;
}

/**
 * 'Reset Password': the new password twice, which must match (spec section 5's rule and message, as
 * on sign-up). Once set, the server's message and a link to sign in with it.
 */
export function ResetPasswordForm({ token }: ResetPasswordFormProps) {
  const confirm = useConfirmPasswordReset();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [mismatch, setMismatch] = useState(false);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (password !== confirmPassword) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
    if (token) confirm.mutate({ token, password });
  }

  if (confirm.isSuccess) {
    return (
      <>
        <h1>Reset Password</h1>
        <Alert variant="success">{confirm.data.message}</Alert>
        <p>
          <Link to="/login">Sign In</Link>
        </p>
      </>
    );
  }

  return (
    <>
      <h1>Reset Password</h1>
      {!token && <Alert variant="danger">{RESET_LINK_INCOMPLETE}</Alert>}
      {mismatch && <Alert variant="danger">Password do not match</Alert>}
      {confirm.error && <Alert variant="danger">{confirm.error.message}</Alert>}
      <form onSubmit={onSubmit}>
        <Field label="New Password">
          <Input type="password" required autoComplete="new-password" value={password} onChange={(event) => setPassword(event.target.value)} />
        </Field>
        <Field label="Confirm New Password">
          <Input
            type="password"
            required
            autoComplete="new-password"
            value={confirmPassword}
            onChange={(event) => setConfirmPassword(event.target.value)}
          />
        </Field>
        <Button type="submit" disabled={!token || confirm.isPending}>
          Reset Password
        </Button>
        {confirm.isPending && <Spinner size="sm" label="Saving..." />}
      </form>
      <p>
        Need a new link? <Link to="/forgot-password">Forgot password?</Link>
      </p>
    </>
  );
}
