import { Link, useNavigate } from 'react-router-dom';
import type { ProductDto } from '@shop/contracts';
import { Alert, Button, dollars, Spinner, Table, usePageTitle } from '@shop/ui';
import { useCreateProduct } from './api/create-product.js';
import { useDeleteProduct } from './api/delete-product.js';
import { useProducts } from './api/get-products.js';
import { Heading, RowActions, RowHeader, TitleBar } from '../../shared/layout.js';
import { PagedTable } from '../../shared/paged-table.js';

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
  const products = useProducts({ pageNumber: page });
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
      <PagedTable query={products} page={page} hrefFor={productListHref} readPage={(data) => ({ rows: data.products, pages: data.pages })} empty={<Alert variant="warning">No products to show...</Alert>}>
        {(rows) => (
          <Table label="Products" columns={['ID', 'NAME', 'PRICE', 'CATEGORY', 'BRAND', { hiddenLabel: 'Actions' }]}>
            {rows.map((product) => (
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
          </Table>
        )}
      </PagedTable>
    </>
  );
}
