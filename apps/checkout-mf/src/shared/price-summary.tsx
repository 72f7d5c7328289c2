import { useId, type ReactNode } from 'react';
import { styled } from 'styled-components';
import { dollars, theme } from '@shop/ui';

export interface Prices {
  itemsPrice: number;
  shippingPrice: number;
  taxPrice: number;
  totalPrice: number;
}

const Card = styled.section`
  padding: ${theme.space[3]};
  border: ${theme.borders.hairline} solid ${theme.colors.border};
  border-radius: ${theme.radii.md};

  h2 {
    margin-top: 0;
    font-size: ${theme.fontSizes.lg};
  }
`;

/** Each price's name on the left, the amount on the right. */
const Lines = styled.dl`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: ${theme.space[2]};
  margin: 0 0 ${theme.space[3]};

  dd {
    margin: 0;
    text-align: right;
  }
`;

export interface SummaryCardProps {
  title: string;
  children: ReactNode;
}

/** The bordered card beside the cart and the orders, a region named by its heading. */
export function SummaryCard({ title, children }: SummaryCardProps) {
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {children}
    </Card>
  );
}

export interface PriceSummaryProps {
  prices: Prices;
  /** What follows the prices in the card: 'Place Order', the PayPal button, admin's actions on the order... */
  children?: ReactNode;
}

/** The 'Order Summary' card: Items, Shipping, Tax and Total with 2 decimals (spec section 9). */
export function PriceSummary({ prices, children }: PriceSummaryProps) {
  return (
    <SummaryCard title="Order Summary">
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
    </SummaryCard>
  );
}
