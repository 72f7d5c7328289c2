import { DiscoveryModule } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import type { Provider, Type } from '@nestjs/common';
import { Subjects, type EventEnvelope } from '@shop/contracts';
import { Readiness, ShopMetrics } from '@shop/service-kit';
import { EventConsumers } from './consumers.js';
import { EventHandler, type HandlesEvent, type HandlesEventBatch } from './event-handler.js';
import { NatsLink } from './nats-link.js';
import { EVENT_BUS_OPTIONS } from './options.js';
import { OutboxRelay } from './relay.js';

@EventHandler({ consumer: 'orders', subject: Subjects.OrderPlaced })
class OrderPlaced implements HandlesEventBatch<'order.placed'> {
  readonly seen: string[] = [];
  async handleBatch(events: EventEnvelope<'order.placed'>[]): Promise<void> {
    this.seen.push(...events.map((event) => event.data.orderId));
  }
}

@EventHandler({ consumer: 'orders', subject: Subjects.OrderCancelled })
class OrderCancelled implements HandlesEvent<'order.cancelled'> {
  async handle(): Promise<void> {}
}

@EventHandler({ consumer: 'users', subject: Subjects.UserDeleted })
class UserDeleted implements HandlesEvent<'user.deleted'> {
  async handle(): Promise<void> {}
}

@EventHandler({ consumer: 'orders', subject: Subjects.OrderPlaced })
class OrderPlacedAgain implements HandlesEvent<'order.placed'> {
  async handle(): Promise<void> {}
}

@EventHandler({ consumer: 'orders', subject: Subjects.StockReserved })
class StockInOrders implements HandlesEvent<'stock.reserved'> {
  async handle(): Promise<void> {}
}

@EventHandler({ consumer: 'orders', subject: Subjects.OrderPaid })
class HandlesNothing {}

/** EventConsumers over the given providers, its handlers found (no NATS: nothing is consumed). */
async function consumersOf(...handlers: Type[]): Promise<EventConsumers & { instanceOf: <T>(type: Type<T>) => T }> {
  const stubs: Provider[] = [
    { provide: NatsLink, useValue: {} },
    { provide: OutboxRelay, useValue: {} },
    { provide: EVENT_BUS_OPTIONS, useValue: { service: 'svc', prefix: 'test', natsUrl: 'nats://unused' } },
    { provide: Readiness, useValue: new Readiness() },
    { provide: ShopMetrics, useValue: new ShopMetrics() },
  ];
  const moduleRef = await Test.createTestingModule({ imports: [DiscoveryModule], providers: [EventConsumers, ...stubs, ...handlers] }).compile();
  const consumers = moduleRef.get(EventConsumers);
  consumers.onModuleInit();
  return Object.assign(consumers, { instanceOf: <T>(type: Type<T>) => moduleRef.get(type) });
}

describe('@EventHandler discovery', () => {
  it('subscribes every decorated provider under its consumer, a batch handler as a batch', async () => {
    const consumers = await consumersOf(OrderPlaced, OrderCancelled, UserDeleted);
    const declared = consumers.declared();

    expect([...declared.keys()].sort()).toEqual(['orders', 'users']);
    expect(Object.keys(declared.get('orders') ?? {}).sort()).toEqual(['order.cancelled', 'order.placed']);
    expect(typeof declared.get('orders')?.['order.placed']).toBe('object');
    expect(typeof declared.get('orders')?.['order.cancelled']).toBe('function');
    expect(Object.keys(declared.get('users') ?? {})).toEqual(['user.deleted']);
  });

  it('calls the instance Nest built (with its dependencies and state)', async () => {
    const consumers = await consumersOf(OrderPlaced);
    const handler = consumers.declared().get('orders')?.['order.placed'] as { batch: (events: unknown[], manager: unknown) => Promise<void> };
    const event = { id: 'e', subject: 'order.placed', occurredAt: '', data: { orderId: 'o-1', userId: 'u', items: [] } };

    await handler.batch([event], undefined);

    expect(consumers.instanceOf(OrderPlaced).seen).toEqual(['o-1']);
  });

  it('refuses two handlers of one subject in one consumer', async () => {
    await expect(consumersOf(OrderPlaced, OrderPlacedAgain)).rejects.toThrow('consumer orders has two handlers of order.placed');
  });

  it('refuses a consumer whose subjects are of two kinds', async () => {
    await expect(consumersOf(OrderPlaced, StockInOrders)).rejects.toThrow('consumer orders must handle subjects of one kind, not order and stock.*');
  });

  it('refuses a handler with neither handle nor handleBatch', async () => {
    await expect(consumersOf(HandlesNothing)).rejects.toThrow('event handler HandlesNothing has neither handle(event, manager) nor handleBatch(events, manager)');
  });
});
