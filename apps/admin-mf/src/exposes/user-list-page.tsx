/**
 * The users table (spec section 2, routes /admin/userList and /admin/userlist/:pageNumber), exposed to
 * the shell as `admin/UserListPage`. Admins only: anyone else goes to / (spec section 6). Needs
 * ShopThemeProvider and ShopClientProvider above it (the shell's, or the standalone bootstrap's).
 */
import { useParams } from 'react-router-dom';
import { pageOf } from '../shared/layout.js';
import { RequireAdmin } from '../shared/require-admin.js';
import { UserList } from '../features/users/user-list.js';

export default function UserListPage() {
  const { pageNumber } = useParams();
  return (
    <RequireAdmin otherwise="/">
      <UserList page={pageOf(pageNumber)} />
    </RequireAdmin>
  );
}
