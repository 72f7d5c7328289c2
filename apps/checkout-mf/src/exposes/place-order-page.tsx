/**
 * Place order (spec section 2, route /placeorder), exposed to the shell as `checkout/PlaceOrderPage`.
 * Signed-in only; without a shipping address it goes to /shipping.
 */
import { Navigate } from 'react-router-dom';
import { useCart } from '@shop/shop-client';
import { usePageTitle } from '@shop/ui';
import { CheckoutFrame } from '../features/checkout/checkout-frame.js';
import { PlaceOrder } from '../features/checkout/place-order.js';

export default function PlaceOrderPage() {
  usePageTitle('Place Order');
  const { shippingAddress } = useCart();
  return (
    <CheckoutFrame step={4} redirect="placeorder">
      {shippingAddress ? <PlaceOrder shippingAddress={shippingAddress} /> : <Navigate to="/shipping" replace />}
    </CheckoutFrame>
  );
}
