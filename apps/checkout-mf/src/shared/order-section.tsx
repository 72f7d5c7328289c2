import { useId, type ReactNode } from 'react';
import type { ShippingAddressDto } from '@shop/contracts';
import { styled } from 'styled-components';
import { theme } from '@shop/ui';

const Section = styled.section`
  padding-bottom: ${theme.space[3]};
  border-bottom: ${theme.borders.hairline} solid ${theme.colors.border};

  h2 {
    font-size: ${theme.fontSizes.lg};
  }

  /* A long address or email wraps instead of widening the page at 375 px. */
  p {
    overflow-wrap: anywhere;
  }
`;

export interface OrderSectionProps {
  title: string;
  children: ReactNode;
}

/** A part of the place-order and order pages ('Shipping', 'Payment Method', 'Order Items'), named by its heading. */
export function OrderSection({ title, children }: OrderSectionProps) {
  const headingId = useId();
  return (
    <Section aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {children}
    </Section>
  );
}

/** The shipping address on one line: `1 Main Street, Springfield 12345, USA`. */
export function ShippingAddressLine({ address }: { address: ShippingAddressDto }) {
  return (
    <p>
      <strong>Address:</strong> {`${address.address}, ${address.city} ${address.postalCode}, ${address.country}`}
    </p>
  );
}
