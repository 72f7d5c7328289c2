import type { OrderDto } from '@shop/contracts';
import { toDollars } from '@shop/pricing';
import { isDeliveredIn, isPaidIn, statusOf } from '../lifecycle/order-state-machine.js';
import type { Order } from '../order.entity.js';
import type { Outcome } from '../placing/order-outcomes.js';

/**
 * An order as the API answers it: `_id`s, amounts in dollars, ISO dates, and
 * the customer as the users service last described them (also after they were
 * deleted), or else with the name and email their token had when they
 * ordered; status, isPaid and isDelivered derived from its state. Needs `items` and `customer` loaded.
 */
export function toOrderDto(order: Order): OrderDto {
  // A customer row without a name is a deletion that arrived before any description of the user.
  const described = order.customer?.name ? order.customer : undefined;
  return {
    _id: order.id,
    user: {
      _id: order.userId,
      name: described?.name ?? order.userName,
      email: described?.email ?? order.userEmail,
    },
    orderItems: [...order.items]
      .sort((a, b) => a.position - b.position)
      .map((item) => ({
        _id: item.id,
        product: item.productId,
        name: item.name,
        image: item.image,
        price: toDollars(item.priceCents),
        quantity: item.quantity,
      })),
    shippingAddress: {
      address: order.shippingAddress,
      city: order.shippingCity,
      postalCode: order.shippingPostalCode,
      country: order.shippingCountry,
    },
    paymentGateway: order.paymentGateway,
    itemsPrice: toDollars(order.itemsCents),
    taxPrice: toDollars(order.taxCents),
    shippingPrice: toDollars(order.shippingCents),
    totalPrice: toDollars(order.totalCents),
    status: statusOf(order.state),
    ...(order.cancelReason !== null && { cancelReason: order.cancelReason }),
    ...(order.state === 'awaiting-payment' && order.payableUntil && { payableUntil: order.payableUntil.toISOString() }),
    isPaid: isPaidIn(order.state),
    ...(order.paidAt && { paidAt: order.paidAt.toISOString() }),
    ...(order.paymentResult && { paymentResult: order.paymentResult }),
    isDelivered: isDeliveredIn(order.state, order.deliveredAt),
    ...(order.deliveredAt && { deliveredAt: order.deliveredAt.toISOString() }),
    ...(order.cancelledAt && { cancelledAt: order.cancelledAt.toISOString() }),
    ...(order.cancelledById && order.cancelledByName !== null && { cancelledBy: { _id: order.cancelledById, name: order.cancelledByName } }),
    ...(order.refundedAt && { refundedAt: order.refundedAt.toISOString() }),
    ...(order.refundedById && order.refundedByName !== null && { refundedBy: { _id: order.refundedById, name: order.refundedByName } }),
    createdAt: order.createdAt.toISOString(),
  };
}

/**
 * A pending order's answer once its outcome is heard: as a read then answers it, when the outcome is the
 * stock's (confirmed, awaiting payment; or cancelled by a refusal), the only changes a pending order can
 * have made. Undefined for an outcome read later (paid, say): read the order instead.
 */
export function settledView(pending: OrderDto, outcome: Outcome): OrderDto | undefined {
  if (pending.status !== 'pending' || (outcome.state !== 'awaiting-payment' && outcome.state !== 'cancelled') || outcome.id !== pending._id) return undefined;
  return {
    ...pending,
    status: outcome.status,
    ...(outcome.cancelReason !== null && { cancelReason: outcome.cancelReason }),
    ...(outcome.state === 'awaiting-payment' && outcome.payableUntil && { payableUntil: outcome.payableUntil }),
    ...(outcome.cancelledAt && { cancelledAt: outcome.cancelledAt }),
  };
}
