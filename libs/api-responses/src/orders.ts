import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ORDER_EVENT_TYPES,
  ORDER_STATES,
  type OrderActorDto,
  type OrderDto,
  type OrderEventActorKind,
  type OrderEventDto,
  type OrderEventType,
  type OrderItemDto,
  type OrderRefundDto,
  type OrderState,
  type OrderStatus,
  type PaymentGateway,
  type PaymentResultDto,
  type ShippingAddressDto,
} from '@shop/contracts';

/**
 * OpenAPI shapes of the order answers (see OrderDto in libs/contracts): orders answers them, users hands
 * them on in a profile's orderList. The front ends' types are generated from these (libs/api-types), so a
 * field the service sends but does not declare here is a field the front ends cannot see.
 */
export class OrderItemResponse implements OrderItemDto {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty({ format: 'uuid', description: "The product's _id" }) product: string;
  @ApiProperty({ description: 'The product name when ordered' }) name: string;
  @ApiProperty({ description: 'The product image when ordered' }) image: string;
  @ApiProperty({ description: 'US dollars, the catalog price when ordered', example: 19.99 }) price: number;
  @ApiProperty({ minimum: 1 }) quantity: number;
}

export class OrderUserResponse {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty() name: string;
  @ApiProperty() email: string;
}

export class ShippingAddressResponse implements ShippingAddressDto {
  @ApiProperty() address: string;
  @ApiProperty() city: string;
  @ApiProperty() postalCode: string;
  @ApiProperty() country: string;
}

export class PaymentResultResponse implements PaymentResultDto {
  @ApiProperty({ description: 'The PayPal order id' }) id: string;
  @ApiProperty({ example: 'COMPLETED' }) status: string;
  @ApiProperty() update_time: string;
  @ApiProperty() email_address: string;
}

export class OrderRefundResponse implements OrderRefundDto {
  @ApiProperty({ description: "PayPal's capture that is given back" }) captureId: string;
  @ApiPropertyOptional({ description: "PayPal's refund, once made" }) refundId?: string;
  @ApiPropertyOptional({ description: 'The amount given back, in currency', example: 110.01 }) amount?: number;
  @ApiProperty({ example: 'USD' }) currency: string;
  @ApiProperty({ example: 'Order is already paid' }) reason: string;
  @ApiProperty({ enum: ['pending', 'completed'], description: 'pending until PayPal made the refund (retried until then)' }) status: 'pending' | 'completed';
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiPropertyOptional({ format: 'date-time' }) refundedAt?: string;
}

/** Who made an admin's change of an order. */
export class OrderActorResponse implements OrderActorDto {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty({ description: 'Their name at the time' }) name: string;
}

export class OrderResponse implements OrderDto {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty({ type: OrderUserResponse }) user: OrderUserResponse;
  @ApiProperty({ type: [OrderItemResponse] }) orderItems: OrderItemResponse[];
  @ApiProperty({ type: ShippingAddressResponse }) shippingAddress: ShippingAddressResponse;
  @ApiProperty({ enum: ['PayPal'] }) paymentGateway: PaymentGateway;
  @ApiProperty({ description: 'US dollars: the sum of price × quantity', example: 44.98 }) itemsPrice: number;
  @ApiProperty({ description: 'US dollars: 10 % of the items, rounded half up to the cent', example: 4.5 }) taxPrice: number;
  @ApiProperty({ description: 'US dollars: 0 when the items cost over 100, else 50', example: 50 }) shippingPrice: number;
  @ApiProperty({ description: 'US dollars: items + shipping + tax', example: 99.48 }) totalPrice: number;
  @ApiProperty({ enum: ['pending', 'confirmed', 'cancelled', 'refunded'], description: 'pending until the catalog reserves the stock; refunded when an admin gave a paid order\'s payment back' })
  status: OrderStatus;
  @ApiPropertyOptional({ description: 'Why a cancelled order was cancelled' }) cancelReason?: string;
  @ApiProperty() isPaid: boolean;
  @ApiPropertyOptional({ format: 'date-time' }) paidAt?: string;
  @ApiPropertyOptional({ type: PaymentResultResponse, description: 'What PayPal answered about the payment' })
  paymentResult?: PaymentResultResponse;
  @ApiProperty() isDelivered: boolean;
  @ApiPropertyOptional({ format: 'date-time' }) deliveredAt?: string;
  @ApiPropertyOptional({ format: 'date-time', description: 'When the order was cancelled' }) cancelledAt?: string;
  @ApiPropertyOptional({ type: OrderActorResponse, description: 'The admin who cancelled it (absent when the shop did)' }) cancelledBy?: OrderActorResponse;
  @ApiPropertyOptional({ format: 'date-time', description: "When an admin gave the order's payment back" }) refundedAt?: string;
  @ApiPropertyOptional({ type: OrderActorResponse, description: 'The admin who refunded it' }) refundedBy?: OrderActorResponse;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiPropertyOptional({ format: 'date-time', description: 'A confirmed, unpaid order: pay by then, or it is cancelled and its items go back on sale' })
  payableUntil?: string;
  @ApiPropertyOptional({ type: [OrderRefundResponse], description: 'Admins only: captures the shop could not use, given back through PayPal' })
  refunds?: OrderRefundResponse[];
}

/** The PayPal order opened for a shop order (POST /api/orders/{id}/paypal): what the PayPal button's createOrder answers. */
export class PayPalOrderResponse {
  @ApiProperty({ description: "PayPal's order id" }) id: string;
}

/** Who made a step of an order's history: for a buyer's reading, the kind only. */
export class OrderEventActorResponse {
  @ApiProperty({ enum: ['shop', 'buyer', 'admin'], description: 'The shop itself (an event, a deadline, a retry), the buyer, or an admin' }) kind: OrderEventActorKind;
  @ApiPropertyOptional({ format: 'uuid', description: "Admins' reading only: the buyer's or the admin's id" }) _id?: string;
  @ApiPropertyOptional({ description: "Admins' reading only: the admin's name at the time" }) name?: string;
}

/** One step of an order's history (GET /api/orders/{id}/history). */
export class OrderEventResponse implements OrderEventDto {
  @ApiProperty({ description: 'Increasing in the order the steps happened', example: '1042' }) _id: string;
  @ApiProperty({ enum: ORDER_EVENT_TYPES }) type: OrderEventType;
  @ApiProperty({ format: 'date-time' }) at: string;
  @ApiPropertyOptional({ enum: ORDER_STATES, description: "The order's state after a transition; absent for a step that moves nothing (a mail, a refund made or retried, a refused payment)" })
  state?: OrderState;
  @ApiProperty({ type: OrderEventActorResponse }) actor: OrderEventActorResponse;
  @ApiPropertyOptional({ description: "Why: a cancellation's or a refused payment's reason", example: 'Payment not received in time' }) reason?: string;
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { oneOf: [{ type: 'string' }, { type: 'number' }] },
    description: "Admins' reading only: what matters of the step (PayPal's order, capture and refund ids, the amount, the mail's subject)",
    example: { paypalOrderId: '5O190127TN364715T', captureId: '3C679366HH908993F', amount: '99.48', currency: 'USD' },
  })
  details?: Record<string, string | number>;
}
