import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * An event written in the same transaction as the change it tells of, waiting for the relay (which
 * deletes it once published, in the order of its `seq` column, which only the relay reads).
 */
@Entity('outbox_event')
export class OutboxEvent {
  @PrimaryColumn('uuid')
  id: string;

  @Column('text')
  subject: string;

  @Column('jsonb')
  payload: unknown;

  /** The id of the request that set the event off, if any (the envelope's correlationId). */
  @Column('text', { name: 'correlation_id', nullable: true })
  correlationId: string | null;

  /** The W3C trace context the event was recorded under, if tracing is on (docs/operations.md, "Traces"). */
  @Column('text', { nullable: true })
  traceparent: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

/** An event a consumer has handled: a redelivery of it changes nothing. */
@Entity('processed_event')
export class ProcessedEvent {
  @PrimaryColumn('text')
  consumer: string;

  @PrimaryColumn('uuid', { name: 'event_id' })
  eventId: string;

  @CreateDateColumn({ name: 'processed_at', type: 'timestamptz' })
  processedAt: Date;
}

/** The entities every service lists for its event bus tables. */
export const eventBusEntities = [OutboxEvent, ProcessedEvent];
