import { context, propagation, SpanKind, SpanStatusCode, trace, TraceFlags, type Context, type Span } from '@opentelemetry/api';
import { headers as natsHeaders, type MsgHdrs } from '@nats-io/nats-core';

/**
 * How one order stays one trace across the event bus (W3C Trace Context, as OpenTelemetry's messaging
 * conventions carry it):
 * - an event recorded in the outbox keeps the `traceparent` of the span it was recorded under (the
 *   request's, or the consumed event's that caused it), in its row;
 * - the relay publishes it under a producer span, child of that context, and sends that span's
 *   `traceparent` in the JetStream message's headers;
 * - a consumer continues it: a consumer span per event, child of the message's context, under which
 *   the handler's statements run and the events it records are recorded.
 * Only a sampled trace travels: an order the sampler left out (OTEL_TRACES_SAMPLER) gets no context
 * in its rows, no header on its messages and no span in the relay or the consumers, so the many orders
 * not traced cost the bus nothing (docs/operations.md, "Volume and sampling"). With tracing off (no SDK
 * started) every call here is @opentelemetry/api's no-op.
 */
const tracer = trace.getTracer('@shop/event-bus');

/** The W3C `traceparent` of a context (the active one by default), if it holds a sampled span. */
export function traceparentOf(of: Context = context.active()): string | undefined {
  const spanContext = trace.getSpanContext(of);
  if (!spanContext || (spanContext.traceFlags & TraceFlags.SAMPLED) === 0) return undefined;
  const carrier: Record<string, string> = {};
  propagation.inject(of, carrier);
  return carrier.traceparent;
}

/** The context a `traceparent` names (the active one when there is none). */
export function contextOfTraceparent(traceparent: string | null | undefined): Context {
  if (!traceparent) return context.active();
  return propagation.extract(context.active(), { traceparent });
}

/** NATS message headers carrying the context of `span`; undefined without one. */
export function headersCarrying(span: Span | undefined): MsgHdrs | undefined {
  if (!span) return undefined;
  const carrier: Record<string, string> = {};
  propagation.inject(trace.setSpan(context.active(), span), carrier);
  if (!carrier.traceparent) return undefined;
  const headers = natsHeaders();
  for (const [name, value] of Object.entries(carrier)) headers.set(name, value);
  return headers;
}

/** The context a message's headers carry (the active one when they carry none). */
export function contextOfHeaders(headers: MsgHdrs | undefined): Context {
  if (!headers) return context.active();
  const carrier: Record<string, string> = {};
  for (const name of ['traceparent', 'tracestate']) {
    const value = headers.get(name);
    if (value) carrier[name] = value;
  }
  return carrier.traceparent ? propagation.extract(context.active(), carrier) : context.active();
}

/** A producer span for publishing `subject` on `destination`, child of the event's recorded context; none without one. */
export function startPublishSpan(subject: string, destination: string, eventId: string, traceparent: string | undefined): Span | undefined {
  if (!traceparent) return undefined;
  return tracer.startSpan(
    `publish ${subject}`,
    {
      kind: SpanKind.PRODUCER,
      attributes: { 'messaging.system': 'nats', 'messaging.operation.type': 'send', 'messaging.destination.name': destination, 'messaging.message.id': eventId },
    },
    contextOfTraceparent(traceparent),
  );
}

/** A consumer span for processing one event, child of the context its message carried; none without one. */
export function startProcessSpan(consumer: string, subject: string, destination: string, eventId: string, headers: MsgHdrs | undefined): Span | undefined {
  if (!headers?.has('traceparent')) return undefined;
  return tracer.startSpan(
    `process ${subject}`,
    {
      kind: SpanKind.CONSUMER,
      attributes: {
        'messaging.system': 'nats',
        'messaging.operation.type': 'process',
        'messaging.destination.name': destination,
        'messaging.consumer.group.name': consumer,
        'messaging.message.id': eventId,
      },
    },
    contextOfHeaders(headers),
  );
}

/** Ends a span, as failed when `error` is given. */
export function endSpan(span: Span | undefined, error?: unknown): void {
  if (!span) return;
  if (error !== undefined) {
    span.recordException(error instanceof Error ? error : String(error));
    span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
  }
  span.end();
}

/** Runs `work` with `span` as the active span (what it records and queries belongs to that span's trace). */
export function withSpan<T>(span: Span | undefined, work: () => T): T {
  return span ? context.with(trace.setSpan(context.active(), span), work) : work();
}
