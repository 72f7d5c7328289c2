/**
 * Edit product (spec section 2, route /admin/product/:id/edit), exposed to the shell as
 * `admin/ProductEditPage`. Admins only: anyone else goes to /login (spec section 6).
 */
import { useParams } from 'react-router-dom';
import { ProductEdit } from '../features/products/product-edit.js';
import { RequireAdmin } from '../shared/require-admin.js';

export default function ProductEditPage() {
  const { id = '' } = useParams();
  return (
    <RequireAdmin otherwise="/login">
      <ProductEdit productId={id} />
    </RequireAdmin>
  );
}
