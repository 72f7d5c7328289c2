import { useCancelOrder } from './api/cancel-order.js';
import { useDeliverOrder } from './api/deliver-order.js';
import { useRefundOrder } from './api/refund-order.js';
import { OrderActionButton } from './order-action-button.js';

/** 'Mark as Delivered' (spec section 2), disabled while it is being saved, with a spinner and its text beside it meanwhile. */
export function DeliverButton({ orderId }: { orderId: string }) {
  return <OrderActionButton label="Mark as Delivered" busyLabel="Marking as delivered..." action={useDeliverOrder(orderId)} />;
}

/** 'Cancel Order' for an order nobody paid for: asks 'Are you sure?' first, as the spec's deletes do. */
export function CancelButton({ orderId }: { orderId: string }) {
  return <OrderActionButton label="Cancel Order" busyLabel="Cancelling..." confirm="Are you sure?" variant="danger" action={useCancelOrder(orderId)} />;
}

/** 'Refund' for a paid order: asks 'Are you sure?' first; the money goes back through PayPal. */
export function RefundButton({ orderId }: { orderId: string }) {
  return <OrderActionButton label="Refund" busyLabel="Refunding..." confirm="Are you sure?" variant="danger" action={useRefundOrder(orderId)} />;
}
