import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Button, Field, Input, Spinner } from '@shop/ui';
import { useLogin } from './api/login.js';
import { withRedirect } from '@shop/contracts';

export interface LoginFormProps {
  /** The page's `redirect` query value, kept on the 'Register' link. */
  redirect: string | null;
  /** The heading; 'Sign In' by default (another remote's page names why it asks, e.g. admin's). */
  title?: string;
}

/** 'Sign In' with email and password (spec section 2). Where it goes afterwards is the page's business. */
export function LoginForm({ redirect, title = 'Sign In' }: LoginFormProps) {
  const login = useLogin();
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
      <form onSubmit={onSubmit}>
        <Field label="Email Address">
          <Input type="email" required autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} />
        </Field>
        <Field label="Password">
          <Input
            type="password"
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
