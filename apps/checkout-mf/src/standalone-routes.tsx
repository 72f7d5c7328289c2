import { Route, Routes } from 'react-router-dom';
import CartPage from './exposes/cart-page.js';
import ForgotPasswordPage from './exposes/forgot-password-page.js';
import LoginPage from './exposes/login-page.js';
import OrderPage from './exposes/order-page.js';
import PaymentPage from './exposes/payment-page.js';
import PlaceOrderPage from './exposes/place-order-page.js';
import ProfilePage from './exposes/profile-page.js';
import RegisterPage from './exposes/register-page.js';
import ResetPasswordPage from './exposes/reset-password-page.js';
import ShippingPage from './exposes/shipping-page.js';

/**
 * The checkout's own routes when it runs alone (npm start). In the shop the shell owns the routes
 * and renders the exposed pages; these paths mirror the shell's so links behave the same.
 */
export function StandaloneRoutes() {
  return (
    <Routes>
      <Route path="/cart/:id?" element={<CartPage />} />
      <Route path="/login" element={<LoginPage />} />
      <Route path="/register" element={<RegisterPage />} />
      <Route path="/forgot-password" element={<ForgotPasswordPage />} />
      <Route path="/reset-password" element={<ResetPasswordPage />} />
      <Route path="/profile" element={<ProfilePage />} />
      <Route path="/shipping" element={<ShippingPage />} />
      <Route path="/payment" element={<PaymentPage />} />
      <Route path="/placeorder" element={<PlaceOrderPage />} />
      <Route path="/order/:id" element={<OrderPage />} />
      {/* The home list, products and admin screens belong to other remotes, which only the shell brings in. */}
      <Route path="*" element={<p>This page is not part of the checkout; open it in the shop.</p>} />
    </Routes>
  );
}
