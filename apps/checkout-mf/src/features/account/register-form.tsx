import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Button, Spinner } from '@shop/ui';
import { AccountFields, useAccountFields } from './account-fields.js';
import { useRegister } from './api/register.js';
import { withRedirect } from '@shop/contracts';

export interface RegisterFormProps {
  /** The page's `redirect` query value, kept on the 'Login' link. */
  redirect: string | null;
}

/** 'Sign Up': name, email, password and its confirmation, which must match (spec section 5). */
export function RegisterForm({ redirect }: RegisterFormProps) {
  const register = useRegister();
  const account = useAccountFields();
  const [mismatch, setMismatch] = useState(false);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!account.passwordsMatch) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
    const { name, email, password } = account.values;
    register.mutate({ name, email, password });
  }

  return (
    <>
      <h1>Sign Up</h1>
      {mismatch && <Alert variant="danger">Password do not match</Alert>}
      {register.error && <Alert variant="danger">{register.error.message}</Alert>}
      <form onSubmit={onSubmit}>
        <AccountFields values={account.values} change={account.change} passwordRequired />
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
