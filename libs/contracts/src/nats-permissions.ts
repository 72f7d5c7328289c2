import { EVENTS, streamNameOf, wireSubjectOf, type Subject } from './events.js';

/** The services that connect to NATS, each as its own NATS user. */
export const NATS_SERVICES = ['users', 'catalog', 'orders'] as const;
export type NatsService = (typeof NATS_SERVICES)[number];

/** The event subjects a service publishes (it owns them, as events.ts says): nobody else may, nor anything else. */
function ownedSubjects(service: NatsService): Subject[] {
  return (Object.keys(EVENTS) as Subject[]).filter((subject) => EVENTS[subject].producer === service);
}

/** What one NATS user may publish and subscribe to (nats-server's `permissions` block). */
export interface NatsPermissions {
  publish: { allow: string[] };
  subscribe: { allow: string[] };
}

/**
 * The least a service needs on NATS for instance `prefix`:
 *
 * - publish only its own event subjects, each by name (catalog cannot forge `order.placed`, nobody but
 *   catalog can publish `product.updated`, and no service can publish a subject the shop has not described);
 * - the JetStream API of its instance's stream alone: account info, the stream's info, creation and
 *   update, its consumers (create, info, next message), and acknowledgements;
 * - replies on its own `_INBOX.>`;
 * - catalog's replicas also signal each other on `cache.{prefix}.catalog.>` (ProductReadCache).
 *
 * Anything else is refused by the server with a permissions violation.
 */
export function natsPermissionsOf(prefix: string, service: NatsService): NatsPermissions {
  const stream = streamNameOf(prefix);
  const replicaSignals = service === 'catalog' ? [`cache.${prefix}.catalog.>`] : [];
  return {
    publish: {
      allow: [
        ...ownedSubjects(service).map((subject) => wireSubjectOf(prefix, subject)),
        '$JS.API.INFO',
        `$JS.API.STREAM.INFO.${stream}`,
        `$JS.API.STREAM.CREATE.${stream}`,
        `$JS.API.STREAM.UPDATE.${stream}`,
        `$JS.API.CONSUMER.*.${stream}`,
        `$JS.API.CONSUMER.*.${stream}.>`,
        `$JS.API.CONSUMER.*.*.${stream}.>`,
        `$JS.ACK.${stream}.>`,
        ...replicaSignals,
      ],
    },
    subscribe: { allow: ['_INBOX.>', ...replicaSignals] },
  };
}

/**
 * A nats-server configuration (JSON, which nats-server reads) with JetStream and one user per
 * service, each with `natsPermissionsOf`; `passwords` holds each service's password.
 */
export function natsServerConfigOf(options: {
  host: string;
  port: number;
  storeDir: string;
  prefix: string;
  passwords: Record<NatsService, string>;
}): string {
  const users = NATS_SERVICES.map((service) => ({
    user: service,
    password: options.passwords[service],
    permissions: natsPermissionsOf(options.prefix, service),
  }));
  return JSON.stringify(
    { host: options.host, port: options.port, jetstream: { store_dir: options.storeDir }, authorization: { users } },
    null,
    2,
  );
}
