import { Route, Routes } from 'react-router-dom';
import DashboardPage from './exposes/dashboard-page.js';
import OrderListPage from './exposes/order-list-page.js';
import ProductEditPage from './exposes/product-edit-page.js';
import ProductListPage from './exposes/product-list-page.js';
import ReleasesPage from './exposes/releases-page.js';
import UserEditPage from './exposes/user-edit-page.js';
import UserListPage from './exposes/user-list-page.js';
import { StandaloneFallback } from './standalone-sign-in.js';

/**
 * The admin area's own routes when it runs alone (npm start). In the shop the shell owns the routes
 * and renders the exposed pages; these paths mirror the shell's so links behave the same.
 */
export function StandaloneRoutes() {
  return (
    <Routes>
      <Route path="/admin/userList" element={<UserListPage />} />
      <Route path="/admin/userlist/:pageNumber" element={<UserListPage />} />
      <Route path="/admin/users/:id/edit" element={<UserEditPage />} />
      <Route path="/admin/productList" element={<ProductListPage />} />
      <Route path="/admin/productlist/:pageNumber" element={<ProductListPage />} />
      <Route path="/admin/product/:id/edit" element={<ProductEditPage />} />
      <Route path="/admin/orderList" element={<OrderListPage />} />
      <Route path="/admin/orderlist/:pageNumber" element={<OrderListPage />} />
      <Route path="/admin/releases" element={<ReleasesPage />} />
      <Route path="/admin/dashboard" element={<DashboardPage />} />
      {/* Sign-in, the storefront and the order page belong to other remotes, which only the shell brings in;
          alone, this fallback offers checkout's sign-in, loaded from the running shop, so the admin pages
          can be tried (standalone-sign-in.tsx). */}
      <Route path="*" element={<StandaloneFallback />} />
    </Routes>
  );
}
