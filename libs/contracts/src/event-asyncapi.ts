import { EVENTS, type Subject } from './events.js';
import { jsonSchemaOfPayload } from './event-schemas.js';

/** The envelope every event travels in (EventEnvelope), with the subject's payload as `data`. */
function envelopeOf(subject: Subject): Record<string, unknown> {
  return {
    type: 'object',
    required: ['id', 'subject', 'occurredAt', 'data'],
    properties: {
      id: { type: 'string', format: 'uuid', description: "The event's id, also JetStream's deduplication id" },
      subject: { const: subject },
      occurredAt: { type: 'string', format: 'date-time' },
      correlationId: { type: 'string', maxLength: 64, description: 'The id of the request that set off the chain of events, handed on by the consumers' },
      data: jsonSchemaOfPayload(subject),
    },
  };
}

const messageName = (subject: Subject) => subject.replace(/\.(\w)/g, (_, letter: string) => letter.toUpperCase());

/**
 * The shop's events as an AsyncAPI 3.0 document, from their one description (events.ts): a channel per
 * subject (`{prefix}.{subject}` on NATS, in the JetStream stream `{PREFIX}_EVENTS`), its message's
 * schema, the producer's `send` and each consumer's `receive`. Published as docs/events.asyncapi.json
 * (a contracts test keeps that file equal to this).
 */
export function asyncApiOfEvents(): Record<string, unknown> {
  const subjects = Object.keys(EVENTS) as Subject[];
  const channels = Object.fromEntries(
    subjects.map((subject) => [
      subject,
      {
        address: `{prefix}.${subject}`,
        parameters: { prefix: { description: 'The instance prefix (INSTANCE_PREFIX): every subject of one shop carries it' } },
        messages: { [messageName(subject)]: { name: subject, summary: EVENTS[subject].summary, contentType: 'application/json', payload: envelopeOf(subject) } },
      },
    ]),
  );
  const operations = Object.fromEntries(
    subjects.flatMap((subject) => {
      const event: { producer: string; consumers: readonly string[] } = EVENTS[subject];
      const channel = { $ref: `#/channels/${subject}` };
      return [
        [`${event.producer}.send.${subject}`, { action: 'send', channel, summary: `${event.producer} publishes it, through its outbox` }],
        ...event.consumers.map((consumer) => [`${consumer}.receive.${subject}`, { action: 'receive', channel, summary: `${consumer} consumes it (durable consumer)` }]),
      ];
    }),
  );
  return {
    asyncapi: '3.1.0',
    info: {
      title: 'Shop events',
      version: '1.0.0',
      description: "Every event of the shop's services on NATS JetStream. Generated from libs/contracts/src/events.ts; do not edit.",
    },
    defaultContentType: 'application/json',
    channels,
    operations,
  };
}
