import { Link } from 'react-router-dom';
import { RemotePart, useSession } from '@shop/shop-client';
import { Alert } from '@shop/ui';
import { FormBox } from './shared/layout.js';

const SIGN_IN_TITLE = 'Sign in as an admin to try the admin pages';
const SIGN_IN_UNAVAILABLE =
  "Checkout's sign-in could not be loaded: start the shop (npm start) so that this page can load it from the gateway.";

/**
 * What the admin area shows alone (npm start) at an address that belongs to another remote, /login
 * among them. Alone, the admin pages run on their own origin, so no session from the shop reaches them:
 * this page offers a sign-in, then the admin pages. The sign-in form is checkout's (the shop has one),
 * loaded through Module Federation from the running shop; without it, the page says to start the shop.
 * Never part of the shop: only the standalone routes use it.
 */
export function StandaloneFallback() {
  const { isSignedIn, isAdmin } = useSession();
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
            <li>
              <Link to="/admin/dashboard">Dashboard</Link>
            </li>
            <li>
              <Link to="/admin/releases">Releases</Link>
            </li>
          </ul>
        </nav>
      ) : isSignedIn ? (
        <Alert variant="warning">This account is not an admin.</Alert>
      ) : (
        <RemotePart
          remote="checkout"
          part="SignInForm"
          props={{ title: SIGN_IN_TITLE }}
          loading={null}
          fallback={<p>{SIGN_IN_UNAVAILABLE}</p>}
        />
      )}
    </FormBox>
  );
}
