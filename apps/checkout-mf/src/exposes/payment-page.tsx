/**
 * Payment method (spec section 2, route /payment), exposed to the shell as `checkout/PaymentPage`.
 * Signed-in only; without a shipping address it goes to /shipping.
 */
import { Navigate } from 'react-router-dom';
import { useCart } from '@shop/shop-client';
import { usePageTitle } from '@shop/ui';
import { FormContainer } from '../shared/form-container.js';
import { CheckoutFrame } from '../features/checkout/checkout-frame.js';
import { PaymentForm } from '../features/checkout/payment-form.js';

export default function PaymentPage() {
  usePageTitle('Payment');
  const { shippingAddress } = useCart();
  return (
    <CheckoutFrame step={3} redirect="payment">
      {shippingAddress ? (
        <FormContainer>
          <h1>Payment Method</h1>
          <PaymentForm />
        </FormContainer>
      ) : (
        <Navigate to="/shipping" replace />
      )}
    </CheckoutFrame>
  );
}
