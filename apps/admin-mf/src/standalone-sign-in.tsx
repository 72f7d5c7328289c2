import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useLogin, useSession } from '@shop/shop-client';
import { Alert, Button, Field, Input } from '@shop/ui';
import { FormBox } from './shared/layout.js';

/**
 * What the admin area shows alone (npm start) at an address that belongs to another remote, /login
 * among them. Alone, the admin pages run on their own origin, so no session from the shop reaches them:
 * this small sign-in (the real one is checkout's) lets the admin team sign in as an admin, then offers
 * the admin pages. Never part of the shop: only the standalone routes use it.
 */
export function StandaloneFallback() {
  const { isAdmin } = useSession();
  return (
    <FormBox>
      <p>This page is not part of the admin area; open it in the shop.</p>
      {isAdmin ? (
        <nav aria-label="Admin pages">
          <ul>
            <li>
              <Link to="/admin/userList">Users</Link>
            </li>
            <li>
              <Link to="/admin/productList">Products</Link>
            </li>
            <li>
              <Link to="/admin/orderList">Orders</Link>
            </li>
          </ul>
        </nav>
      ) : (
        <StandaloneSignIn />
      )}
    </FormBox>
  );
}

function StandaloneSignIn() {
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    login.mutate({ email, password });
  }

  return (
    <form onSubmit={onSubmit} aria-labelledby="standalone-sign-in">
      <h2 id="standalone-sign-in">Sign in as an admin to try the admin pages</h2>
      {login.error && <Alert variant="danger">{login.error.message}</Alert>}
      {login.data && !login.data.isAdmin && <Alert variant="warning">This account is not an admin.</Alert>}
      <Field label="Email Address">
        <Input type="email" autoComplete="username" value={email} onChange={(event) => setEmail(event.target.value)} />
      </Field>
      <Field label="Password">
        <Input type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} />
      </Field>
      <Button type="submit" disabled={login.isPending}>
        Sign In
      </Button>
    </form>
  );
}
