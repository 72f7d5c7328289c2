import { useId, type ReactNode } from 'react';
import type { ShippingAddressDto } from '@shop/contracts';
import { css, theme, useStaticStyles } from '@shop/ui';

const section = 'checkout-order-section';

const SECTION_STYLE_ID = 'checkout-order-section-style';

const sectionCss = css`
.${section} {
  padding-bottom: ${theme.space[3]};
  border-bottom: ${theme.borders.hairline} solid ${theme.colors.border};
}
.${section} h2 {
  font-size: ${theme.fontSizes.lg};
}
.${section} p {
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
  useStaticStyles(SECTION_STYLE_ID, sectionCss);
  return (
    <section className={section} aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {children}
    </section>
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
