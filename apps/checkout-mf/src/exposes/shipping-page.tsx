/** Shipping (spec section 2, route /shipping), exposed to the shell as `checkout/ShippingPage`. Signed-in only. */
import { usePageTitle } from '@shop/ui';
import { FormContainer } from '../shared/form-container.js';
import { CheckoutFrame } from '../features/checkout/checkout-frame.js';
import { ShippingForm } from '../features/checkout/shipping-form.js';

export default function ShippingPage() {
  usePageTitle('Shipping');
  return (
    <CheckoutFrame step={2} redirect="shipping">
      <FormContainer>
        <h1>Shipping</h1>
        <ShippingForm />
      </FormContainer>
    </CheckoutFrame>
  );
}
