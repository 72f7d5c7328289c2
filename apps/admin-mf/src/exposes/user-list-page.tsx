/**
 * The users table (spec section 2, route /admin/userList), exposed to the shell as `admin/UserListPage`.
 * Admins only: anyone else goes to / (spec section 6). Needs ShopThemeProvider and ShopClientProvider
 * above it (the shell's, or the standalone bootstrap's).
 */
import { RequireAdmin } from '../require-admin.js';
import { UserList } from '../users/user-list.js';

export default function UserListPage() {
  return (
    <RequireAdmin otherwise="/">
      <UserList />
    </RequireAdmin>
  );
}
