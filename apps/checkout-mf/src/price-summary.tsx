import type { ReactNode } from 'react';
import { styled } from 'styled-components';
import { dollars } from './money.js';

export interface Prices {
  itemsPrice: number;
  shippingPrice: number;
  taxPrice: number;
  totalPrice: number;
}

const Box = styled.section`
  padding: ${({ theme }) => theme.space[3]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};

  h2 {
    margin-top: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;

const Lines = styled.dl`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: ${({ theme }) => theme.space[2]};
  margin: ${({ theme }) => `0 0 ${theme.space[3]}`};

  dd {
    margin: 0;
    text-align: right;
  }
`;

export interface PriceSummaryProps {
  prices: Prices;
  /** What follows the prices in the card: 'Place Order', the PayPal button, 'Mark as Delivered'... */
  children?: ReactNode;
}

/** The 'Order Summary' card: Items, Shipping, Tax and Total with 2 decimals (spec section 9). */
export function PriceSummary({ prices, children }: PriceSummaryProps) {
  return (
    <Box aria-labelledby="order-summary">
      <h2 id="order-summary">Order Summary</h2>
      <Lines>
        <dt>Items</dt>
        <dd>{dollars(prices.itemsPrice)}</dd>
        <dt>Shipping</dt>
        <dd>{dollars(prices.shippingPrice)}</dd>
        <dt>Tax</dt>
        <dd>{dollars(prices.taxPrice)}</dd>
        <dt>Total</dt>
        <dd>{dollars(prices.totalPrice)}</dd>
      </Lines>
      {children}
    </Box>
  );
}
