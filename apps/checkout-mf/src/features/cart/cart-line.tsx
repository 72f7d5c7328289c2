import { Link } from 'react-router-dom';
import { MAX_LINE_QUANTITY } from '@shop/contracts';
import type { CartItem } from '@shop/shop-client';
import { Button, dollars, Field, Select, VisuallyHidden } from '@shop/ui';
import { ProductThumb } from '../../shared/product-thumb.js';
import { Line, Quantity } from './cart.styles.js';

/** A waste-bin outline drawn in the text colour; the button's name says what it does. */
function BinIcon() {
  return (
    <svg aria-hidden="true" focusable="false" width="16" height="16" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.5">
      <path d="M2.5 4h11M6 4V2.5h4V4M4 4l.75 9.5h6.5L12 4M6.75 6.5v4.5M9.25 6.5v4.5" />
    </svg>
  );
}

export interface CartLineProps {
  item: CartItem;
  /** Disables the quantity while a change is being saved. */
  busy: boolean;
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
}

/**
 * One cart line: image, link to the product, price, quantity 1..countInStock (never more than one order
 * line may hold, MAX_LINE_QUANTITY; the line's own quantity stays a choice up to that), remove.
 */
export function CartLine({ item, busy, onQuantity, onRemove }: CartLineProps) {
  const choices = Array.from({ length: Math.max(Math.min(Math.max(item.countInStock, item.quantity), MAX_LINE_QUANTITY), 1) }, (_, index) => index + 1);
  return (
    <Line>
      <ProductThumb src={item.image} alt={item.name} width={72} height={72} sizes="72px" />
      <Link to={`/product/${item.product}`}>{item.name}</Link>
      <span>
        <VisuallyHidden>Price: </VisuallyHidden>
        {dollars(item.price)}
      </span>
      <Quantity>
        {/* The column speaks for itself; the name stays for screen readers. */}
        <Field label={`Quantity of ${item.name}`} hideLabel>
          <Select value={item.quantity} disabled={busy} onChange={(event) => onQuantity(Number(event.target.value))}>
            {choices.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </Select>
        </Field>
      </Quantity>
      <Button $variant="light" aria-label={`Remove ${item.name}`} onClick={onRemove}>
        <BinIcon />
      </Button>
    </Line>
  );
}
