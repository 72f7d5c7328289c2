import { Route, Routes } from 'react-router-dom';
import HomePage from './exposes/home-page.js';
import ProductPage from './exposes/product-page.js';

/**
 * The catalog's own routes when it runs alone (npm start). In the shop the shell owns the routes
 * and renders the exposed pages; these paths mirror the shell's so links behave the same.
 */
export function StandaloneRoutes() {
  return (
    <Routes>
      <Route path="/" element={<HomePage />} />
      <Route path="/page/:pageNumber" element={<HomePage />} />
      <Route path="/search/:keyword" element={<HomePage />} />
      <Route path="/search/:keyword/page/:pageNumber" element={<HomePage />} />
      <Route path="/product/:id" element={<ProductPage />} />
      {/* The cart, sign-in and the rest belong to other remotes, which only the shell brings in. */}
      <Route path="*" element={<p>This page is not part of the catalog; open it in the shop.</p>} />
    </Routes>
  );
}
