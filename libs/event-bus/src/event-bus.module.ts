import { Global, Module, type DynamicModule } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { EventConsumers } from './consumers.js';
import { NatsLink } from './nats-link.js';
import { EVENT_BUS_OPTIONS, type EventBusOptions } from './options.js';
import { Outbox } from './outbox.js';
import { OutboxRelay } from './relay.js';

/**
 * The shop's events for one service: `Outbox` to record events with a change,
 * its relay to publish them, and `EventConsumers` to run the service's
 * `@EventHandler` classes on other services' events exactly once. Needs the
 * service's TypeORM connection and the service-kit HealthModule (it registers
 * the `nats` readiness check).
 */
@Global()
@Module({})
export class EventBusModule {
  static forRoot(options: EventBusOptions): DynamicModule {
    return {
      module: EventBusModule,
      imports: [DiscoveryModule],
      providers: [{ provide: EVENT_BUS_OPTIONS, useValue: options }, NatsLink, OutboxRelay, Outbox, EventConsumers],
      exports: [Outbox, OutboxRelay, EventConsumers, NatsLink],
    };
  }
}
