/**
 * The admin dashboard (route /admin/dashboard; not in the spec: issue 26), exposed to the shell as
 * `admin/DashboardPage`. Admins only: anyone else goes to /login, as on the products and orders pages.
 * chart.js is not in this module: the charts load it on first render (features/dashboard/chart-engine.ts).
 */
import { Dashboard } from '../features/dashboard/dashboard.js';
import { RequireAdmin } from '../shared/require-admin.js';

export default function DashboardPage() {
  return (
    <RequireAdmin otherwise="/login">
      <Dashboard />
    </RequireAdmin>
  );
}
