/** How a service takes part in the shop's events. */
export interface EventBusOptions {
  /** The service's name; consumer names derive from it. */
  service: string;
  /** The instance prefix: stream, subject and consumer names derive from it. */
  prefix: string;
  natsUrl: string;
  /** How often the relay looks for unpublished outbox rows, in ms. */
  relayIntervalMs?: number;
}

export const EVENT_BUS_OPTIONS = Symbol('EVENT_BUS_OPTIONS');

// Stream and subject names are part of the contract between services.
export { streamNameOf, wireSubjectOf } from '@shop/contracts';
