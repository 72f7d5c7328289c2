import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useRegister } from '@shop/shop-client';
import { Alert, Button, Field, Input, Spinner } from '@shop/ui';
import { withRedirect } from './redirect.js';

export interface RegisterFormProps {
  /** The page's `redirect` query value, kept on the 'Login' link. */
  redirect: string | null;
}

/** 'Sign Up': name, email, password and its confirmation, which must match (spec section 5). */
export function RegisterForm({ redirect }: RegisterFormProps) {
  const register = useRegister();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
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
    register.mutate({ name, email, password });
  }

  return (
    <>
      <h1>Sign Up</h1>
      {mismatch && <Alert variant="danger">Password do not match</Alert>}
      {register.error && <Alert variant="danger">{register.error.message}</Alert>}
      <form onSubmit={onSubmit}>
        <Field label="Name">
          <Input required autoComplete="name" value={name} onChange={(event) => setName(event.target.value)} />
        </Field>
        <Field label="Email Address">
          <Input type="email" required autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} />
        </Field>
        <Field label="Password">
          <Input
            type="password"
            required
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </Field>
        <Field label="Confirm Password">
          <Input
            type="password"
            required
            autoComplete="new-password"
            value={confirmPassword}
            onChange={(event) => setConfirmPassword(event.target.value)}
          />
        </Field>
        <Button type="submit" disabled={register.isPending}>
          Register
        </Button>
        {register.isPending && <Spinner size="sm" label="Registering..." />}
      </form>
      <p>
        Have an Account? <Link to={withRedirect('/login', redirect)}>Login</Link>
      </p>
    </>
  );
}
