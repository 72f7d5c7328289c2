import { randomUUID } from 'node:crypto';
import { BadRequestException, Injectable, Logger } from '@nestjs/common';
import type { OrderDto, TokenClaims } from '@shop/contracts';
import { mergeLines, priceOrder } from '@shop/pricing';
import { ORDER_LIMITS, type CreateOrderDto } from '../dto/create-order.dto.js';
import { TRANSITIONS } from '../lifecycle/order-state-machine.js';
import { OrderItem } from '../order-item.entity.js';
import { OrderOutcomes } from './order-outcomes.js';
import { customerOf } from '../reading/order-reads.js';
import { OrderWrites } from './order-writes.js';
import type { Order } from '../order.entity.js';
import { toOrderDto } from '../reading/order.views.js';
import { PendingOrders } from './pending-orders.js';
import { PricingMemory, type CatalogPrice } from './pricing-memory.js';

/**
 * Placing orders: priced from the service's own copy of the catalog (never the browser's prices),
 * stored awaiting their stock with order.placed in the same transaction, and answered with their
 * outcome when the caller waits for it.
 */
@Injectable()
export class OrderPlacing {
  private readonly logger = new Logger('Orders');

  constructor(
    private readonly outcomes: OrderOutcomes,
    private readonly pending: PendingOrders,
    private readonly pricing: PricingMemory,
    private readonly writes: OrderWrites,
  ) {}

  /**
   * Stores a pending order priced at the catalog's current prices and asks
   * the catalog to reserve its stock (order.placed). The browser's prices are
   * never read. With `waitMs`, answers once the order is confirmed or
   * cancelled, or still pending after that long.
   */
  async place(buyer: TokenClaims, input: CreateOrderDto, waitMs = 0): Promise<OrderDto> {
    const lines = mergeLines(input.orderItems.map(({ product, quantity }) => ({ productId: product, quantity })));
    const tooMany = lines.find((line) => line.quantity > ORDER_LIMITS.quantity);
    if (tooMany) throw new BadRequestException(`At most ${ORDER_LIMITS.quantity} of one product per order: ${tooMany.productId}`);
    // The buyer comes with the prices (from memory, or one round trip), so that the answer names them as a later read does.
    const { products: byId, buyer: buyerCopy } = await this.pricing.read(
      lines.map((line) => line.productId),
      buyer.sub,
    );
    const missing = lines.find((line) => !byId.has(line.productId));
    if (missing) throw new BadRequestException(`Product not found: ${missing.productId}`);

    const priced = lines.map((line) => ({ ...line, product: byId.get(line.productId) as CatalogPrice }));
    const prices = priceOrder(priced.map(({ product, quantity }) => ({ priceCents: product.price_cents, quantity })));
    const now = new Date();
    const { address, city, postalCode, country } = input.shippingAddress;
    const order: Order = {
      id: randomUUID(),
      userId: buyer.sub,
      customer: customerOf(buyer.sub, buyerCopy),
      userName: buyer.name,
      userEmail: buyer.email,
      items: [],
      shippingAddress: address,
      shippingCity: city,
      shippingPostalCode: postalCode,
      shippingCountry: country,
      paymentGateway: input.paymentGateway,
      ...prices,
      state: TRANSITIONS.place.to,
      cancelReason: null,
      payableUntil: null,
      paidAt: null,
      paypalOrderId: null,
      paypalCaptureId: null,
      paymentResult: null,
      deliveredAt: null,
      cancelledAt: null,
      cancelledById: null,
      cancelledByName: null,
      refundedAt: null,
      refundedById: null,
      refundedByName: null,
      createdAt: now,
      updatedAt: now,
    };
    order.items = priced.map(({ product, quantity }, position): OrderItem => ({
      id: randomUUID(),
      order,
      position,
      productId: product.id,
      name: product.name,
      image: product.image,
      priceCents: product.price_cents,
      quantity,
    }));

    // Listening starts before the order exists, so that its outcome cannot come unheard in between.
    const outcome = waitMs > 0 ? this.outcomes.expect(order.id) : undefined;
    this.pending.placing(order.id, order.userId);
    try {
      await this.writes.store(order, {
        orderId: order.id,
        userId: order.userId,
        items: lines.map(({ productId, quantity }) => ({ productId, quantity })),
      });
    } catch (error) {
      outcome?.cancel();
      this.pending.failed(order.id);
      throw error;
    }
    this.logger.log(`order ${order.id} placed by ${order.userId}: ${prices.totalCents} cents`);
    this.pending.placed(toOrderDto(order));
    // The answer is the order as just stored, with its outcome if it came in time: every field the
    // outcome changed, so that it is the order as GET /api/orders/{id} answers it now.
    const settled = await outcome?.settled(waitMs);
    if (settled) {
      Object.assign(order, {
        state: settled.state,
        cancelReason: settled.cancelReason,
        payableUntil: settled.payableUntil === null ? null : new Date(settled.payableUntil),
        cancelledAt: settled.cancelledAt ? new Date(settled.cancelledAt) : null,
        updatedAt: new Date(settled.updatedAt),
      });
    }
    return toOrderDto(order);
  }
}
