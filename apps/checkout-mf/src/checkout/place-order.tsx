import { useNavigate } from 'react-router-dom';
import { styled } from 'styled-components';
import type { ShippingAddressDto } from '@shop/contracts';
import { cartPrices, useCart, useCreateOrder, useShopClient } from '@shop/shop-client';
import { Alert, Button, Col, Row, Spinner } from '@shop/ui';
import type { OrderCreatedState } from '../order-created.js';
import { OrderItems } from '../order-items.js';
import { PriceSummary } from '../price-summary.js';

const Section = styled.section`
  padding-bottom: ${({ theme }) => theme.space[3]};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};

  h2 {
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;

export interface PlaceOrderProps {
  shippingAddress: ShippingAddressDto;
}

/**
 * The order about to be placed: shipping, payment method, items and the prices of spec section 9.
 * 'Place Order' creates it and goes at once to /order/:id, which shows 'Order created!' (router state).
 * Placing is disabled with an empty cart, which says 'Empty Order!'.
 */
export function PlaceOrder({ shippingAddress }: PlaceOrderProps) {
  const { store } = useShopClient();
  const { cartItems, paymentGateway } = useCart(store);
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
          <Section aria-labelledby="shipping">
            <h2 id="shipping">Shipping</h2>
            <p>
              <strong>Address:</strong> {shippingAddress.address}, {shippingAddress.city} {shippingAddress.postalCode},{' '}
              {shippingAddress.country}
            </p>
          </Section>
          <Section aria-labelledby="payment-method">
            <h2 id="payment-method">Payment Method</h2>
            <p>
              <strong>Method:</strong> {paymentGateway}
            </p>
          </Section>
          <Section aria-labelledby="order-items">
            <h2 id="order-items">Order Items</h2>
            {createOrder.isSuccess ? (
              // The cart was emptied by the order; say so rather than 'Empty Order!' until the order page opens.
              <Alert variant="success">Order created!</Alert>
            ) : empty ? (
              <Alert>Empty Order!</Alert>
            ) : (
              <OrderItems lines={cartItems} />
            )}
          </Section>
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
