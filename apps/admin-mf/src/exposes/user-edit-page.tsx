/**
 * Edit user (spec section 2, route /admin/users/:id/edit), exposed to the shell as `admin/UserEditPage`.
 * Admins only: anyone else goes to / (spec section 6).
 */
import { useParams } from 'react-router-dom';
import { RequireAdmin } from '../shared/require-admin.js';
import { UserEdit } from '../features/users/user-edit.js';

export default function UserEditPage() {
  const { id = '' } = useParams();
  return (
    <RequireAdmin otherwise="/">
      <UserEdit userId={id} />
    </RequireAdmin>
  );
}
