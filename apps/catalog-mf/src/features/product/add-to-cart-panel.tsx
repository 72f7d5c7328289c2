import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ProductDto } from '@shop/contracts';
import { useAddToCart } from '@shop/shop-client';
import { Alert, Button, dollars, Field, Select } from '@shop/ui';
import { Line, Panel } from './product.styles.js';
import { quantityOptions, stockStatus } from './stock-status.js';

export interface AddToCartPanelProps {
  product: ProductDto;
}

/**
 * Price, stock status, the quantity select (only when in stock) and 'Add to Cart'. The product is
 * re-fetched and added to the shared cart (spec section 4), then the cart opens at /cart/{id}?qty=n,
 * the address the spec's cart screen reads; adding the same product again there replaces the line.
 */
export function AddToCartPanel({ product }: AddToCartPanelProps) {
  const [quantity, setQuantity] = useState(1);
  const addToCart = useAddToCart();
  const navigate = useNavigate();
  const inStock = product.countInStock > 0;

  function onAdd() {
    addToCart.mutate(
      { productId: product._id, quantity },
      { onSuccess: (item) => navigate(`/cart/${product._id}?qty=${item.quantity}`) },
    );
  }

  return (
    <Panel aria-label="Purchase">
      <Line>
        <span>Price:</span>
        <strong>{dollars(product.price)}</strong>
      </Line>
      <Line>
        <span>Status:</span>
        <strong>{stockStatus(product.countInStock)}</strong>
      </Line>
      {inStock && (
        <Field label="Qty">
          <Select value={quantity} onChange={(event) => setQuantity(Number(event.target.value))}>
            {quantityOptions(product.countInStock).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </Select>
        </Field>
      )}
      {addToCart.error && <Alert variant="danger">{addToCart.error.message}</Alert>}
      <Button $block disabled={!inStock || addToCart.isPending} onClick={onAdd}>
        Add to Cart
      </Button>
    </Panel>
  );
}
