/** A shipping address (spec section 3). */
export interface ShippingAddressDto {
  address: string;
  city: string;
  postalCode: string;
  country: string;
}

/**
 * The most units of one product one order line may hold: the orders service refuses more
 * (`orderItems.0.quantity must be a whole number from 1 to 100`), so the front ends offer no more,
 * however large the stock (a select of a million options took a render 15 s; docs/catalog-mf.md).
 */
export const MAX_LINE_QUANTITY = 100;

/** The only payment gateway of the shop. */
export const PAYMENT_GATEWAYS = ['PayPal'] as const;
export type PaymentGateway = (typeof PAYMENT_GATEWAYS)[number];

/** One line of an order, with the name, image and price at the time of the order. */
export interface OrderItemDto {
  _id: string;
  product: string;
  name: string;
  image: string;
  price: number;
  quantity: number;
}

/**
 * Where an order stands: `pending` (waiting for its stock), `confirmed` (stock reserved; then paid and
 * delivered through isPaid and isDelivered), `cancelled`, or `refunded` (paid, and its payment given back).
 * The whole machine, with who may move an order and what each move emits: services/orders
 * order-state-machine.ts and docs/orders.md.
 */
export type OrderStatus = 'pending' | 'confirmed' | 'cancelled' | 'refunded';

/**
 * Where an order is in its life, the one column the orders service keeps (`state`); `status`, `isPaid`
 * and `isDelivered` of every answer are derived from it (and `deliveredAt` for a refunded order). The
 * transitions between them: services/orders/src/orders/lifecycle/order-state-machine.ts, docs/orders.md.
 */
export const ORDER_STATES = ['awaiting-stock', 'awaiting-payment', 'paid', 'delivered', 'cancelled', 'refunded'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/**
 * What one step of an order's history says happened. Transitions: placed, stock-reserved,
 * stock-refused, payment-expired, paid, delivered, cancelled, refunded. Steps that move nothing:
 * payment-refused (a PayPal payment the shop did not take, and why), refund-completed (PayPal made a
 * refund), refund-retried (PayPal's refund API failed; tried again later), mail-sent and mail-failed.
 */
export const ORDER_EVENT_TYPES = [
  'placed',
  'stock-reserved',
  'stock-refused',
  'payment-expired',
  'payment-refused',
  'paid',
  'delivered',
  'cancelled',
  'refunded',
  'refund-completed',
  'refund-retried',
  'mail-sent',
  'mail-failed',
] as const;
export type OrderEventType = (typeof ORDER_EVENT_TYPES)[number];

/** The steps a buyer's history shows: the order's own moves, not the shop's internals (mails, retries, refused payments). */
export const BUYER_ORDER_EVENT_TYPES = [
  'placed',
  'stock-reserved',
  'stock-refused',
  'payment-expired',
  'paid',
  'delivered',
  'cancelled',
  'refunded',
] as const satisfies readonly OrderEventType[];

/** Who made a step: the shop itself (an event, a deadline, a retry), the order's buyer, or an admin. */
export type OrderEventActorKind = 'shop' | 'buyer' | 'admin';

/**
 * One step of an order's history (GET /api/orders/{id}/history), oldest first; never changed once
 * written. A buyer gets `actor.kind` only, and no `details`; admins get who did it and the details.
 */
export interface OrderEventDto {
  /** The step's id: increasing in the order the steps happened. */
  _id: string;
  type: OrderEventType;
  /** When it happened (ISO 8601). */
  at: string;
  /** The order's state after a transition; absent for a step that moves nothing. */
  state?: OrderState;
  actor: { kind: OrderEventActorKind; _id?: string; name?: string };
  /** Why (a cancellation's or a refusal's reason), in words a customer reads. */
  reason?: string;
  /** For admins: what matters of the step (PayPal's capture and refund ids, the amount, the mail's subject). */
  details?: Record<string, string | number>;
}

/** Who made a change an admin can make (cancelling, refunding): their id and name then. */
export interface OrderActorDto {
  _id: string;
  name: string;
}

/** What PayPal said of the capture that paid an order. */
export interface PaymentResultDto {
  id: string;
  status: string;
  update_time: string;
  email_address: string;
}

/**
 * Money PayPal captured for an order that the shop could not use (a race lost, the deadline passed
 * during the capture, a capture that did not verify), given back through PayPal's refund API. Admins see it.
 */
export interface OrderRefundDto {
  /** PayPal's capture that is given back. */
  captureId: string;
  /** PayPal's refund, once PayPal made it; absent while the refund is still pending (retried). */
  refundId?: string;
  /** The amount given back, in `currency` (dollars for USD); absent when PayPal's capture did not say. */
  amount?: number;
  currency: string;
  reason: string;
  /** pending until PayPal confirms the refund; a failed call is retried until then. */
  status: 'pending' | 'completed';
  createdAt: string;
  refundedAt?: string;
}

/** An order as GET /api/orders/{id} answers it. */
export interface OrderDto {
  _id: string;
  user: { _id: string; name: string; email: string };
  orderItems: OrderItemDto[];
  shippingAddress: ShippingAddressDto;
  paymentGateway: PaymentGateway;
  itemsPrice: number;
  taxPrice: number;
  shippingPrice: number;
  totalPrice: number;
  status: OrderStatus;
  cancelReason?: string;
  /** Until when a confirmed, unpaid order can be paid; then it is cancelled and its stock released. */
  payableUntil?: string;
  isPaid: boolean;
  paidAt?: string;
  paymentResult?: PaymentResultDto;
  isDelivered: boolean;
  deliveredAt?: string;
  /** When the order was cancelled (by the shop, its stock or an admin). */
  cancelledAt?: string;
  /** The admin who cancelled it; absent when the shop did (no stock, payment not received in time). */
  cancelledBy?: OrderActorDto;
  /** When its payment was given back (status refunded). */
  refundedAt?: string;
  /** The admin who refunded it. */
  refundedBy?: OrderActorDto;
  createdAt: string;
  /** Captures given back for this order, oldest first; in the answers admins get, only when there is one. */
  refunds?: OrderRefundDto[];
}


/** POST /api/orders. Prices and totals sent by the browser are ignored: the server prices every order. */
export interface OrderCreateInput {
  /** name, image, price and countInStock are what the cart holds; they are accepted and ignored. */
  orderItems: { product: string; quantity: number; name?: string; image?: string; price?: number; countInStock?: number }[];
  shippingAddress: ShippingAddressDto;
  paymentGateway: PaymentGateway;
  itemsPrice?: number;
  taxPrice?: number;
  shippingPrice?: number;
  totalPrice?: number;
}

/** PUT /api/orders/{id}/pay_status: the capture result PayPal's script gave the browser. */
export interface PayStatusInput {
  /** PayPal's order id: the one field the shop reads; the rest of PayPal's result may come along. */
  id: string;
  status?: string;
  update_time?: string;
  payer?: { email_address?: string };
  [paypalField: string]: unknown;
}

/** The one currency of the shop's prices and payments. */
export const SHOP_CURRENCY = 'USD';

/** GET /api/config/paypal: what the front end configures PayPal's button with. */
export interface PayPalConfigDto {
  clientId: string;
  /** The PayPal JS SDK's address (PayPal's own, or the local stand-in's). */
  sdkUrl: string;
  currency: typeof SHOP_CURRENCY;
}
