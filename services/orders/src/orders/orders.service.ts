import { randomUUID } from 'node:crypto';
import { BadRequestException, ConflictException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { ORDERS_PAGE_SIZE, Subjects, type OrderDto, type OrderListDto, type TokenClaims } from '@shop/contracts';
import { Outbox } from '@shop/event-bus';
import { mergeLines, priceOrder } from '@shop/pricing';
import { pagesOf } from '@shop/service-kit';
import { PaymentProvider } from '../payments/payment-provider.js';
import { ORDER_LIMITS, type CreateOrderDto } from './dto/create-order.dto.js';
import type { PayPalResult } from './dto/pay-status.dto.js';
import { OrderItem } from './order-item.entity.js';
import { OrderOutcomes } from './order-outcomes.js';
import { customerOf, readOrder } from './order-reads.js';
import { PendingOrders } from './pending-orders.js';
import { PricingMemory, type CatalogPrice } from './pricing-memory.js';
import { OrderWrites } from './order-writes.js';
import { alreadyPaidWith, ORDER_ALREADY_PAID, ORDER_NOT_FOUND, refuseAfterDeadline } from './order-payability.js';
import { askProvider, OrderPayments } from './order-payments.js';
import { Order } from './order.entity.js';
import { toOrderDto } from './order.views.js';
import { PaymentRefunds } from './payment-refunds.js';

/**
 * Orders: placing them (priced from the service's own copy of the catalog),
 * reading them (owners and admins), paying them (checked with PayPal) and
 * delivering them (admins). Every change records its event in the same
 * transaction through the outbox.
 */
@Injectable()
export class OrdersService {
  private readonly logger = new Logger('Orders');

  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
    private readonly payments: PaymentProvider,
    private readonly outcomes: OrderOutcomes,
    private readonly orderPayments: OrderPayments,
    private readonly refunds: PaymentRefunds,
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
      status: 'pending',
      cancelReason: null,
      payableUntil: null,
      isPaid: false,
      paidAt: null,
      paypalOrderId: null,
      paypalCaptureId: null,
      paymentResult: null,
      isDelivered: false,
      deliveredAt: null,
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
        status: settled.status,
        cancelReason: settled.cancelReason,
        payableUntil: settled.payableUntil === null ? null : new Date(settled.payableUntil),
        updatedAt: new Date(settled.updatedAt),
      });
    }
    return toOrderDto(order);
  }

  /** The caller's own orders, newest first. */
  async mine(userId: string): Promise<OrderDto[]> {
    const orders = await this.dataSource.getRepository(Order).find({
      where: { userId },
      relations: { items: true, customer: true },
      order: { createdAt: 'DESC', id: 'DESC' },
    });
    return orders.map(toOrderDto);
  }

  /**
   * One page of every order, newest first (admins), each with its lines and its customer. Three
   * queries however large the shop: the page's ids from the index order_newest (created_at DESC,
   * id DESC), those orders joined with their lines and with the customer copy (the names come
   * from this service's own copy of the users, in the same query: no lookup per order, no call to
   * the users service), and a count(*). A page beyond the last answers no orders.
   */
  async list(page: number): Promise<OrderListDto> {
    const [ids, [{ count }]] = await Promise.all([
      this.dataSource.query<{ id: string }[]>('SELECT id FROM customer_order ORDER BY created_at DESC, id DESC OFFSET $1 LIMIT $2', [
        (page - 1) * ORDERS_PAGE_SIZE,
        ORDERS_PAGE_SIZE,
      ]),
      this.dataSource.query<{ count: number }[]>('SELECT count(*)::int AS count FROM customer_order'),
    ]);
    const pages = pagesOf(count, ORDERS_PAGE_SIZE);
    if (ids.length === 0) return { orders: [], page, pages };
    const found = await this.dataSource.getRepository(Order).find({
      where: { id: In(ids.map((row) => row.id)) },
      relations: { items: true, customer: true },
    });
    const byId = new Map(found.map((order) => [order.id, order]));
    // An order is never deleted, so every id of the page is found; the filter only keeps the types honest.
    const orders = ids.map((row) => byId.get(row.id)).filter((order): order is Order => order !== undefined);
    return { orders: orders.map(toOrderDto), page, pages };
  }

  /**
   * One order, for its owner or an admin; anyone else learns nothing, not even that it exists. Admins also
   * see the captures given back for it (`refunds`), when there are any.
   */
  async detail(id: string, reader: TokenClaims): Promise<OrderDto> {
    const order = (reader.isAdmin ? undefined : this.pending.answer(id)) ?? (await this.view(id));
    if (!reader.isAdmin && order.user._id !== reader.sub) throw new NotFoundException(ORDER_NOT_FOUND);
    if (!reader.isAdmin) return order;
    const refunds = await this.refunds.of(id);
    return refunds.length > 0 ? { ...order, refunds } : order;
  }

  /**
   * Marks the payer's confirmed order paid with the PayPal order the buyer approved: the shop checks it,
   * captures it at most once and gives back what it cannot use (OrderPayments). Reporting the payment
   * that already paid the order answers it unchanged.
   */
  async pay(id: string, payer: TokenClaims, input: PayPalResult): Promise<OrderDto> {
    await this.orderPayments.pay(id, payer, input);
    return this.view(id);
  }

  /** Marks a paid order delivered (admins); delivering it again changes nothing. */
  async deliver(id: string): Promise<OrderDto> {
    await this.outbox.transaction(async (manager, emit) => {
      const order = await manager.findOne(Order, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!order) throw new NotFoundException(ORDER_NOT_FOUND);
      if (!order.isPaid) throw new BadRequestException('Order is not paid yet');
      if (order.isDelivered) return;
      const deliveredAt = new Date();
      await manager.update(Order, { id }, { isDelivered: true, deliveredAt, updatedAt: deliveredAt });
      await emit(Subjects.OrderDelivered, { orderId: id, userId: order.userId, deliveredAt: deliveredAt.toISOString() });
    });
    return this.view(id);
  }

  /**
   * Opens the PayPal payment of the payer's confirmed, unpaid order, for its total as the server
   * priced it and marked with its id; the PayPal button's createOrder asks for it. Asking again
   * answers the same payment.
   */
  async openPayment(id: string, payer: TokenClaims): Promise<{ id: string }> {
    const order = await this.dataSource.getRepository(Order).findOneBy({ id });
    if (!order || order.userId !== payer.sub) throw new NotFoundException(ORDER_NOT_FOUND);
    if (order.isPaid) throw new ConflictException(ORDER_ALREADY_PAID);
    alreadyPaidWith(order, '');
    refuseAfterDeadline(order);
    return { id: await askProvider(() => this.payments.openPayment(order.id, order.totalCents)) };
  }

  private async view(id: string): Promise<OrderDto> {
    const order = await readOrder(this.dataSource.manager, id);
    if (!order) throw new NotFoundException(ORDER_NOT_FOUND);
    return toOrderDto(order);
  }
}
