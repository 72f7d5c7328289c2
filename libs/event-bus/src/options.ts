/** How a service takes part in the shop's events. */
export interface EventBusOptions {
  /** The service's name; consumer names derive from it. */
  service: string;
  /** The instance prefix: stream, subject and consumer names derive from it. */
  prefix: string;
  /** The NATS server, or a cluster's servers separated by commas. */
  natsUrl: string;
  /** Copies of the event stream JetStream keeps (STREAM_REPLICAS); 1 unless set. */
  streamReplicas?: number;
  /** How the service signs in to NATS; none: an open NATS (development). */
  natsAuth?: NatsAuth;
  /** How often the relay looks for unpublished outbox rows, in ms. */
  relayIntervalMs?: number;
}

/** A NATS user and password (NATS_USER, NATS_PASSWORD), or a credentials file (NATS_CREDS: a JWT and NKey seed). */
export interface NatsAuth {
  user?: string;
  password?: string;
  credsFile?: string;
}

/** The NATS sign-in of a service's settings. */
export function natsAuthOf(config: { NATS_USER?: string; NATS_PASSWORD?: string; NATS_CREDS?: string }): NatsAuth {
  return { user: config.NATS_USER, password: config.NATS_PASSWORD, credsFile: config.NATS_CREDS };
}

export const EVENT_BUS_OPTIONS = Symbol('EVENT_BUS_OPTIONS');

// Stream and subject names are part of the contract between services.
export { streamNameOf, wireSubjectOf } from '@shop/contracts';
