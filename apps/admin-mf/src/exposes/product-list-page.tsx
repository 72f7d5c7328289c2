/**
 * The products table (spec section 2, routes /admin/productList and /admin/productlist/:pageNumber),
 * exposed to the shell as `admin/ProductListPage`. Admins only: anyone else goes to /login (spec section 6).
 */
import { useParams } from 'react-router-dom';
import { pageOf } from '../shared/layout.js';
import { ProductList } from '../features/products/product-list.js';
import { RequireAdmin } from '../shared/require-admin.js';

export default function ProductListPage() {
  const { pageNumber } = useParams();
  return (
    <RequireAdmin otherwise="/login">
      <ProductList page={pageOf(pageNumber)} />
    </RequireAdmin>
  );
}
