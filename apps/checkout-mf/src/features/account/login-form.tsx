import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { cleanRedirect, SIGN_IN_FORM, signInFormErrorText, withRedirect } from '@shop/contracts';
import { Alert, Button, Field, Input, Spinner } from '@shop/ui';
import { useLogin } from './api/login.js';

export interface LoginFormProps {
  /** The page's `redirect` query value, kept on the 'Register' link. */
  redirect: string | null;
  /** The heading; 'Sign In' by default (another remote's page names why it asks, e.g. admin's). */
  title?: string;
}

/** Where the form posts when the browser sends it itself: /login, the clean redirect kept. */
function plainAction(redirect: string | null): string {
  const path = cleanRedirect(redirect);
  return path ? `${SIGN_IN_FORM.action}?redirect=${path}` : SIGN_IN_FORM.action;
}

/**
 * 'Sign In' with email and password (spec section 2). Where it goes afterwards is the page's business.
 * It is a plain form too (libs/contracts' plain-forms.ts): without JavaScript, or before the shell has
 * started, the browser posts it and the gateway signs in; a refusal comes back as /login?error=code,
 * whose text it shows until the shopper tries again.
 */
export function LoginForm({ redirect, title = 'Sign In' }: LoginFormProps) {
  const login = useLogin();
  const [searchParams] = useSearchParams();
  const plainError = login.isIdle ? signInFormErrorText(searchParams.get(SIGN_IN_FORM.error)) : undefined;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    login.mutate({ email, password });
  }

  return (
    <>
      <h1>{title}</h1>
      {login.error && <Alert variant="danger">{login.error.message}</Alert>}
      {plainError && <Alert variant="danger">{plainError}</Alert>}
      <form method="post" action={plainAction(redirect)} onSubmit={onSubmit}>
        <Field label="Email Address">
          <Input type="email" name={SIGN_IN_FORM.email} required autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} />
        </Field>
        <Field label="Password">
          <Input
            type="password"
            name={SIGN_IN_FORM.password}
            required
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </Field>
        <Button type="submit" disabled={login.isPending}>
          Sign In
        </Button>
        {login.isPending && <Spinner size="sm" label="Signing in..." />}
      </form>
      <p>
        New Customer? <Link to={withRedirect('/register', redirect)}>Register</Link>
      </p>
      <p>
        <Link to="/forgot-password">Forgot password?</Link>
      </p>
    </>
  );
}
