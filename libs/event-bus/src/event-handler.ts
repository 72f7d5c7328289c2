import { applyDecorators, Injectable } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import type { EntityManager } from 'typeorm';
import type { EventEnvelope, Subject } from '@shop/contracts';

/** What an event handler declares: the subject it handles and the durable consumer it belongs to. */
export interface EventHandlerOptions {
  /** The subject it handles; a service has one handler per subject and consumer. */
  subject: Subject;
  /**
   * The durable consumer it belongs to (its JetStream name is `{prefix}_{service}_{consumer}`): the
   * handlers of one consumer share their subjects' first word (`user.*`) and one position in the
   * stream. A service reads a kind of event twice only through two consumers (orders keeps its
   * customers in `users` and its users' rights in `user-access`).
   */
  consumer: string;
  /**
   * How long, in ms, its consumer may hold the first event that arrives before handling it, for more to
   * come and go in the same transaction (a batching window, which 20 waiting events end early; default 0:
   * at once). For events no request
   * waits on (a copy of other services' data, mails), where a burst, say 200 sign-ups at once, then costs
   * a few transactions instead of one per event. A consumer waits the longest of its handlers' windows.
   */
  lingerMs?: number;
}

/**
 * Handles one event at a time, inside the transaction that also records it as handled: events it
 * records with `Outbox.add(manager, …)` commit with it and are published right after.
 */
export interface HandlesEvent<S extends Subject> {
  handle(event: EventEnvelope<S>, manager: EntityManager): Promise<void>;
}

/**
 * Handles a run of consecutive events of its subject in one call (set-based work: one statement for
 * many events), inside the transaction that records them as handled. The events are in stream order
 * and none was handled before.
 */
export interface HandlesEventBatch<S extends Subject> {
  handleBatch(events: EventEnvelope<S>[], manager: EntityManager): Promise<void>;
}

/** The discoverable part of @EventHandler: EventConsumers finds its classes through Nest's DiscoveryService. */
export const DiscoverableEventHandler = DiscoveryService.createDecorator<EventHandlerOptions>();

/**
 * Makes a class the handler of one consumed subject: list it among a module's providers and the event
 * bus subscribes it at start-up. One class per subject, in the service's `src/events/` folder, so
 * "who consumes order.placed?" is answered by a file name.
 *
 * ```ts
 * @EventHandler({ consumer: 'orders', subject: Subjects.OrderPlaced })
 * export class OrderPlacedHandler implements HandlesEventBatch<'order.placed'> { … }
 * ```
 */
export const EventHandler = (options: EventHandlerOptions): ClassDecorator =>
  applyDecorators(Injectable(), DiscoverableEventHandler(options));
