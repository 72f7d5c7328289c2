import { Link, Navigate, useNavigate } from 'react-router-dom';
import type { ProductDto } from '@shop/contracts';
import { useCreateProduct, useDeleteProduct, useProducts } from '@shop/shop-client';
import { Alert, Button, dollars, Paginate, Spinner, Table, usePageTitle, VisuallyHidden } from '@shop/ui';
import { Heading, PAGES_AROUND, RowActions, RowHeader, TitleBar } from '../../shared/layout.js';

/** Where page n of the admin products table lives (the shell's route /admin/productlist/:pageNumber). */
export function productListHref(page: number): string {
  return `/admin/productlist/${page}`;
}

export interface ProductListProps {
  /** The 1-based page to show. */
  page: number;
}

/**
 * The products table (spec section 2): ID, NAME, PRICE, CATEGORY, BRAND with edit and delete (confirmed
 * with 'Are you sure?'), 'Create Product', which opens the new product's edit page, and pagination
 * when there is more than one page.
 */
export function ProductList({ page }: ProductListProps) {
  usePageTitle('Products');
  const navigate = useNavigate();
  const { data, isPending, error } = useProducts({ pageNumber: page });
  const createProduct = useCreateProduct();
  const deleteProduct = useDeleteProduct();

  function onCreate() {
    createProduct.mutate(undefined, { onSuccess: (product) => navigate(`/admin/product/${product._id}/edit`) });
  }

  function onDelete(product: ProductDto) {
    if (window.confirm('Are you sure?')) deleteProduct.mutate(product._id);
  }

  return (
    <>
      <TitleBar>
        <Heading>Products</Heading>
        <RowActions>
          {/* Beside the button, in the title's line, so the table does not move while it runs. */}
          {createProduct.isPending && <Spinner size="sm" label="Creating product..." />}
          <Button onClick={onCreate} disabled={createProduct.isPending}>
            Create Product
          </Button>
        </RowActions>
      </TitleBar>
      {createProduct.error && <Alert variant="danger">{createProduct.error.message}</Alert>}
      {deleteProduct.error && <Alert variant="danger">{deleteProduct.error.message}</Alert>}
      {isPending ? (
        <Spinner />
      ) : error ? (
        <Alert variant="danger">{error.message}</Alert>
      ) : page > 1 && page > data.pages ? (
        // Past the last page (its last product was just deleted, or an old link): show the last page there is.
        <Navigate to={productListHref(Math.max(data.pages, 1))} replace />
      ) : data.products.length === 0 ? (
        <Alert variant="warning">No products to show...</Alert>
      ) : (
        <>
          <Table label="Products">
            <thead>
              <tr>
                <th scope="col">ID</th>
                <th scope="col">NAME</th>
                <th scope="col">PRICE</th>
                <th scope="col">CATEGORY</th>
                <th scope="col">BRAND</th>
                <th scope="col">
                  <VisuallyHidden>Actions</VisuallyHidden>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.products.map((product) => (
                <tr key={product._id}>
                  <RowHeader>{product._id}</RowHeader>
                  <td>{product.name}</td>
                  <td>{dollars(product.price)}</td>
                  <td>{product.category}</td>
                  <td>{product.brand}</td>
                  <td>
                    <RowActions>
                      <Button
                        as={Link}
                        to={`/admin/product/${product._id}/edit`}
                        $size="sm"
                        $variant="light"
                        aria-label={`Edit ${product.name}`}
                      >
                        Edit
                      </Button>
                      <Button
                        $size="sm"
                        $variant="danger"
                        disabled={deleteProduct.isPending}
                        aria-label={`Delete ${product.name}`}
                        onClick={() => onDelete(product)}
                      >
                        Delete
                      </Button>
                    </RowActions>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
          <Paginate pages={data.pages} page={data.page} hrefFor={productListHref} around={PAGES_AROUND} />
        </>
      )}
    </>
  );
}
