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

/** The JetStream stream of an instance: every event of every service. */
export function streamNameOf(prefix: string): string {
  return `${prefix}_events`.toUpperCase();
}

/** A contract subject as it travels on NATS for this instance. */
export function wireSubjectOf(prefix: string, subject: string): string {
  return `${prefix}.${subject}`;
}
