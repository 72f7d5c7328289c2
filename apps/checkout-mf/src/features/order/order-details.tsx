import type { OrderDto } from '@shop/contracts';
import { Alert, Col, isoDay, Row } from '@shop/ui';
import { OrderItems } from '../../shared/order-items.js';
import { OrderSection, ShippingAddressLine } from '../../shared/order-section.js';
import { PriceSummary } from '../../shared/price-summary.js';
import { DeliverButton } from './deliver-button.js';
import { OrderRefunds } from './order-refunds.js';
import { PayPalPayment } from './paypal-payment.js';
import { StockStatus } from './stock-status.js';

export interface OrderDetailsProps {
  order: OrderDto;
  /** The viewer is an admin: a paid, undelivered order offers 'Mark as Delivered'. */
  isAdmin: boolean;
}

/**
 * An order (spec section 2, Order detail): shipping with delivery status, payment with its status,
 * the captures given back (admins only), the items, and the summary card with the stock status, PayPal's
 * button (only on a confirmed, unpaid order) and the admin's 'Mark as Delivered'.
 */
export function OrderDetails({ order, isAdmin }: OrderDetailsProps) {
  return (
    <Row>
      <Col $span={{ md: 8 }}>
        <OrderSection title="Shipping">
          <p>
            <strong>Name:</strong> {order.user.name}
          </p>
          <p>
            <strong>Email:</strong> <a href={`mailto:${order.user.email}`}>{order.user.email}</a>
          </p>
          <ShippingAddressLine address={order.shippingAddress} />
          {order.isDelivered && order.deliveredAt ? (
            <Alert variant="success">Delivered on {isoDay(order.deliveredAt)}</Alert>
          ) : (
            <Alert variant="danger">Not yet Delivered.</Alert>
          )}
        </OrderSection>
        <OrderSection title="Payment Method">
          <p>
            <strong>Method:</strong> {order.paymentGateway}
          </p>
          {order.isPaid && order.paidAt ? (
            <Alert variant="success">Paid on {isoDay(order.paidAt)}</Alert>
          ) : (
            <Alert variant="danger">Not Paid</Alert>
          )}
        </OrderSection>
        {isAdmin && order.refunds && order.refunds.length > 0 && <OrderRefunds refunds={order.refunds} />}
        <OrderSection title="Order Items">
          {order.orderItems.length === 0 ? <Alert>Empty Order!</Alert> : <OrderItems lines={order.orderItems} />}
        </OrderSection>
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
