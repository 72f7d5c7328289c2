import { Link } from 'react-router-dom';
import { styled } from 'styled-components';
import { toCents, toDollars } from '@shop/pricing';
import { dollars, media } from '@shop/ui';
import { ProductThumb } from './product-thumb.js';

/** A line of an order or of the cart about to become one. */
export interface OrderLine {
  product: string;
  name: string;
  image: string;
  price: number;
  quantity: number;
}

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Item = styled.li`
  display: grid;
  grid-template-columns: ${({ theme }) => theme.space[5]} 1fr;
  gap: ${({ theme }) => theme.space[2]} ${({ theme }) => theme.space[3]};
  align-items: center;
  padding: ${({ theme }) => `${theme.space[2]} 0`};
  border-bottom: ${({ theme }) => `${theme.borders.hairline} solid ${theme.colors.border}`};

  &:last-child {
    border-bottom: 0;
  }

  ${media.up('md')} {
    grid-template-columns: ${({ theme }) => theme.space[5]} 1fr auto;
  }
`;

const Amount = styled.span`
  grid-column: 2;

  ${media.up('md')} {
    grid-column: 3;
  }
`;

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
