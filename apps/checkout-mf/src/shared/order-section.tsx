import { useId, type ReactNode } from 'react';
import { styled } from 'styled-components';
import type { ShippingAddressDto } from '@shop/contracts';

const Section = styled.section`
  padding-bottom: ${({ theme }) => theme.space[3]};
  border-bottom: ${({ theme }) => `${theme.borders.hairline} solid ${theme.colors.border}`};

  h2 {
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }

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
