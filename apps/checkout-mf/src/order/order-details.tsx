import { styled } from 'styled-components';
import type { OrderDto } from '@shop/contracts';
import { Alert, Col, Row } from '@shop/ui';
import { isoDay } from '../dates.js';
import { OrderItems } from '../order-items.js';
import { PriceSummary } from '../price-summary.js';
import { DeliverButton } from './deliver-button.js';
import { PayPalPayment } from './paypal-payment.js';
import { StockStatus } from './stock-status.js';

const Section = styled.section`
  padding-bottom: ${({ theme }) => theme.space[3]};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};

  h2 {
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }

  p {
    overflow-wrap: anywhere;
  }
`;

export interface OrderDetailsProps {
  order: OrderDto;
  /** The viewer is an admin: a paid, undelivered order offers 'Mark as Delivered'. */
  isAdmin: boolean;
}

/**
 * An order (spec section 2, Order detail): shipping with delivery status, payment with its status,
 * the items, and the summary card with the stock status, PayPal's button (only on a confirmed, unpaid
 * order) and the admin's 'Mark as Delivered'.
 */
export function OrderDetails({ order, isAdmin }: OrderDetailsProps) {
  const { shippingAddress: to } = order;
  return (
    <Row>
      <Col $span={{ md: 8 }}>
        <Section aria-labelledby="shipping">
          <h2 id="shipping">Shipping</h2>
          <p>
            <strong>Name:</strong> {order.user.name}
          </p>
          <p>
            <strong>Email:</strong> <a href={`mailto:${order.user.email}`}>{order.user.email}</a>
          </p>
          <p>
            <strong>Address:</strong> {to.address}, {to.city} {to.postalCode}, {to.country}
          </p>
          {order.isDelivered && order.deliveredAt ? (
            <Alert variant="success">Delivered on {isoDay(order.deliveredAt)}</Alert>
          ) : (
            <Alert variant="danger">Not yet Delivered.</Alert>
          )}
        </Section>
        <Section aria-labelledby="payment-method">
          <h2 id="payment-method">Payment Method</h2>
          <p>
            <strong>Method:</strong> {order.paymentGateway}
          </p>
          {order.isPaid && order.paidAt ? (
            <Alert variant="success">Paid on {isoDay(order.paidAt)}</Alert>
          ) : (
            <Alert variant="danger">Not Paid</Alert>
          )}
        </Section>
        <Section aria-labelledby="order-items">
          <h2 id="order-items">Order Items</h2>
          {order.orderItems.length === 0 ? <Alert>Order is empty</Alert> : <OrderItems lines={order.orderItems} />}
        </Section>
      </Col>
      <Col $span={{ md: 4 }}>
        <PriceSummary prices={order}>
          <StockStatus order={order} />
          {order.status === 'confirmed' && !order.isPaid && <PayPalPayment order={order} />}
          {isAdmin && order.isPaid && !order.isDelivered && <DeliverButton orderId={order._id} />}
        </PriceSummary>
      </Col>
    </Row>
  );
}
