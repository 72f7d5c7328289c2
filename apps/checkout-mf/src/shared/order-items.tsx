import { Link } from 'react-router-dom';
import { toCents, toDollars } from '@shop/pricing';
import { dollars } from '@shop/ui';
import { ProductThumb } from './product-thumb.js';
import { Amount, Item, List } from './order-items.styles.js';

/** A line of an order or of the cart about to become one. */
export interface OrderLine {
  product: string;
  name: string;
  image: string;
  price: number;
  quantity: number;
}

/** 'Order Items' of the place-order and order pages: image, link to the product, "qty x $price = $line". */
export function OrderItems({ lines }: { lines: readonly OrderLine[] }) {
  return (
    <List>
      {lines.map((line) => (
        <Item key={line.product}>
          <ProductThumb src={line.image} alt={line.name} width={48} height={48} sizes="48px" />
          <Link to={`/product/${line.product}`}>{line.name}</Link>
          <Amount>
            {line.quantity} x {dollars(line.price)} = {dollars(toDollars(toCents(line.price) * line.quantity))}
          </Amount>
        </Item>
      ))}
    </List>
  );
}
