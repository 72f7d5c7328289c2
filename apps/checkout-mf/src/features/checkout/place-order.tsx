import { useNavigate } from 'react-router-dom';
import type { ShippingAddressDto } from '@shop/contracts';
import { cartPrices, useCart } from '@shop/shop-client';
import { Alert, Button, Col, Row, Spinner } from '@shop/ui';
import type { OrderCreatedState } from '../../shared/order-created.js';
import { OrderItems } from '../../shared/order-items.js';
import { OrderSection, ShippingAddressLine } from '../../shared/order-section.js';
import { PriceSummary } from '../../shared/price-summary.js';
import { useCreateOrder } from './api/create-order.js';

export interface PlaceOrderProps {
  shippingAddress: ShippingAddressDto;
}

/**
 * The order about to be placed: shipping, payment method, items and the prices of spec section 9.
 * 'Place Order' creates it and goes at once to /order/:id, which shows 'Order created!' (router state).
 * Placing is disabled with an empty cart, which says 'Empty Order!'.
 */
export function PlaceOrder({ shippingAddress }: PlaceOrderProps) {
  const { cartItems, paymentGateway } = useCart();
  const createOrder = useCreateOrder();
  const navigate = useNavigate();
  const prices = cartPrices(cartItems);
  const empty = cartItems.length === 0;

  function onPlaceOrder() {
    createOrder.mutate(
      { orderItems: cartItems, shippingAddress, paymentGateway, ...prices },
      {
        onSuccess: (order) => {
          const state: OrderCreatedState = { orderCreated: true };
          navigate(`/order/${order._id}`, { state });
        },
      },
    );
  }

  return (
    <>
      <h1>Place Order</h1>
      <Row>
        <Col $span={{ md: 8 }}>
          <OrderSection title="Shipping">
            <ShippingAddressLine address={shippingAddress} />
          </OrderSection>
          <OrderSection title="Payment Method">
            <p>
              <strong>Method:</strong> {paymentGateway}
            </p>
          </OrderSection>
          <OrderSection title="Order Items">
            {createOrder.isSuccess ? (
              // The cart was emptied by the order; say so rather than 'Empty Order!' until the order page opens.
              <Alert variant="success">Order created!</Alert>
            ) : empty ? (
              <Alert>Empty Order!</Alert>
            ) : (
              <OrderItems lines={cartItems} />
            )}
          </OrderSection>
        </Col>
        <Col $span={{ md: 4 }}>
          <PriceSummary prices={prices}>
            {createOrder.error && <Alert variant="danger">{createOrder.error.message}</Alert>}
            <Button $block disabled={empty || createOrder.isPending} onClick={onPlaceOrder}>
              Place Order
            </Button>
            {createOrder.isPending && <Spinner size="sm" label="Placing order..." />}
          </PriceSummary>
        </Col>
      </Row>
    </>
  );
}
