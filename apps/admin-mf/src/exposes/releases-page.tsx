/**
 * The micro-frontends' releases (route /admin/releases), exposed to the shell as `admin/ReleasesPage`:
 * each remote's current, canary and retained builds with what shoppers reported, promote and roll back.
 * Admins only: anyone else goes to /login, as on the products and orders pages (spec section 6).
 */
import { ReleasesBoard } from '../features/releases/releases-board.js';
import { RequireAdmin } from '../shared/require-admin.js';

export default function ReleasesPage() {
  return (
    <RequireAdmin otherwise="/login">
      <ReleasesBoard />
    </RequireAdmin>
  );
}
