/**
 * The profile (spec section 2, route /profile), exposed to the shell as `checkout/ProfilePage`:
 * the account form on the left, 'My Orders' on the right (stacked at 375 px). Guests go to
 * /login?redirect=profile.
 */
import { Col, QueryResult, Row, usePageTitle } from '@shop/ui';
import { useProfile } from '../features/account/api/get-profile.js';
import { MyOrders } from '../features/account/my-orders.js';
import { ProfileForm } from '../features/account/profile-form.js';
import { RequireSignIn } from '../shared/require-sign-in.js';

function Profile() {
  return (
    <QueryResult query={useProfile()}>
      {(profile) => (
        <Row>
          <Col $span={{ md: 4, lg: 3 }}>
            <ProfileForm key={profile._id} profile={profile} />
          </Col>
          <Col $span={{ md: 8, lg: 9 }}>
            <MyOrders profile={profile} />
          </Col>
        </Row>
      )}
    </QueryResult>
  );
}

export default function ProfilePage() {
  usePageTitle('Profile');
  return (
    <RequireSignIn redirect="profile">
      <Profile />
    </RequireSignIn>
  );
}
