import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Button, Field, Input, Spinner } from '@shop/ui';
import { useRequestPasswordReset } from './api/request-password-reset.js';

/**
 * 'Forgot Password': an email, and a reset link is mailed to its account. The confirmation is the
 * server's, the same whether the email has an account or not; an error shows in the red alert.
 */
export function ForgotPasswordForm() {
  const request = useRequestPasswordReset();
  const [email, setEmail] = useState('');

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    request.mutate(email);
  }

  return (
    <>
      <h1>Forgot Password</h1>
      {request.error && <Alert variant="danger">{request.error.message}</Alert>}
      {request.isSuccess ? (
        <Alert variant="success">{request.data.message}</Alert>
      ) : (
        <>
          <p>Enter the email address of your account and we will send you a link to choose a new password.</p>
          <form onSubmit={onSubmit}>
            <Field label="Email Address">
              <Input type="email" required autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} />
            </Field>
            <Button type="submit" disabled={request.isPending}>
              Send Reset Link
            </Button>
            {request.isPending && <Spinner size="sm" label="Sending..." />}
          </form>
        </>
      )}
      <p>
        Remembered it? <Link to="/login">Sign In</Link>
      </p>
    </>
  );
}
