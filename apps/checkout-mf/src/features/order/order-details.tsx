import type { OrderDto } from '@shop/contracts';
import { RemotePart } from '@shop/shop-client';
import { Alert, Col, isoDay, Row } from '@shop/ui';
import { OrderItems } from '../../shared/order-items.js';
import { OrderSection, ShippingAddressLine } from '../../shared/order-section.js';
import { PriceSummary } from '../../shared/price-summary.js';
import { OrderHistory } from './order-history.js';
import { OrderRefunds } from './order-refunds.js';
import { PayPalPayment } from './paypal-payment.js';
import { StockStatus } from './stock-status.js';

export interface OrderDetailsProps {
  order: OrderDto;
  /** The viewer is an admin: the captures given back show, admin's actions on the order, and admin's view of its history. */
  isAdmin: boolean;
}

/**
 * An order (spec section 2, Order detail): shipping with delivery status, payment with its status,
 * the captures given back (admins only), the items, and the summary card with the stock status, PayPal's
 * button (only on a confirmed, unpaid order) and, for an admin, admin's actions on the order ('Mark as
 * Delivered' on a paid, undelivered one). Those are the admin team's part, loaded through Module
 * Federation; when admin's remote is down the page shows without them.
 *
 * Below it all, the order's history: the buyer's timeline, or for an admin the admin team's part
 * (every step, who made it, its details). Nothing shows while that part loads, so the buyer's timeline
 * never flashes before it; when admin's remote is down the admin gets the buyer's timeline instead,
 * which names the admin-only steps too.
 */
export function OrderDetails({ order, isAdmin }: OrderDetailsProps) {
  return (
    <>
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
            {isAdmin && <RemotePart remote="admin" part="OrderAdminActions" props={{ order }} />}
          </PriceSummary>
        </Col>
      </Row>
      {isAdmin ? (
        <RemotePart remote="admin" part="OrderAdminHistory" props={{ order }} loading={null} fallback={<OrderHistory order={order} />} />
      ) : (
        <OrderHistory order={order} />
      )}
    </>
  );
}
