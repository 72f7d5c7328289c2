import type { IncomingMessage, ServerResponse } from 'node:http';
import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, TraceFlags } from '@opentelemetry/api';

/** Paths every load balancer, orchestrator and Prometheus asks all the time: never traced, never timed (ShopMetrics). */
export const PROBE_PATHS: ReadonlySet<string> = new Set(['/health', '/ready', '/metrics']);

const tracer = trace.getTracer('@shop/telemetry');

/** Whether tracing was started in this process (startTelemetry); off, serveTraced only calls on. */
let tracing = false;
/** At the edge, the share of requests traced (the sampler's ratio): decided here, before any span is made. */
let edgeShare = 1;

/** Called by startTelemetry once the SDK runs, with the edge's share of requests to trace. */
export function tracingStarted(share = 1): void {
  tracing = true;
  edgeShare = share;
}

/**
 * Whether a W3C `traceparent` header says its trace is recorded (the sampled bit of its flags), read
 * without parsing the rest: a service serves a request without it as if tracing were off, and most
 * requests carry none. One that passes is still validated in full by the propagator.
 */
export function sampledIn(traceparent: string | string[] | undefined): boolean {
  if (typeof traceparent !== 'string' || traceparent.length < 55 || traceparent[52] !== '-') return false;
  const flags = Number.parseInt(traceparent.slice(53, 55), 16);
  return Number.isInteger(flags) && (flags & TraceFlags.SAMPLED) !== 0;
}

/**
 * Serves a request under its server span, when it has one (docs/operations.md, "Traces"):
 * - at the edge (the gateway), for every request but the probes: a span continuing a trace the client
 *   sent, or beginning one, recorded if the edge's sampler says so (a client's sampled flag is not
 *   obeyed: edgeSamplingOf in start.ts);
 * - in a service, only for a request whose `traceparent` says its trace is recorded (the gateway's
 *   decision, followed): a request of a trace left out, or of none, is served as if tracing were off.
 *
 * This replaces OpenTelemetry's HTTP instrumentation on the servers' side, which builds a span, its
 * attributes and its context for every request whatever the sampler decides: with one order in ten
 * traced it cost the order pipeline most of its 17 % (docs/operations.md, "What tracing costs"). What
 * runs under the span (statements, outgoing calls, events) joins the trace; under none, the pg and undici
 * instrumentations skip their work (they require a parent span) and the event bus carries nothing.
 * `routeOf` names the route once the answer is done (a router sets it on the way).
 *
 * A request left out costs a few comparisons and nothing more: the edge draws its share first and, in
 * a service, the header's sampled flag is read first. Building a non-recording span for each (ids,
 * sampler, contexts) doubled the gateway's garbage collection under load (docs/operations.md, "What
 * tracing costs").
 */
export function serveTraced(req: IncomingMessage, res: ServerResponse, routeOf: () => string, serve: () => void, options: { edge?: boolean } = {}): void {
  if (!tracing) return serve();
  if (options.edge ? !(edgeShare >= 1 || Math.random() < edgeShare) : !sampledIn(req.headers.traceparent)) return serve();
  const path = pathOf(req.url ?? '/');
  if (PROBE_PATHS.has(path)) return serve();
  let parent = propagation.extract(ROOT_CONTEXT, req.headers);
  const remote = trace.getSpanContext(parent);
  if (options.edge && remote && (remote.traceFlags & TraceFlags.SAMPLED) === 0) {
    // Drawn for tracing: the client's trace id is kept, its sampled flag (whichever) is the edge's.
    parent = trace.setSpanContext(parent, { ...remote, traceFlags: remote.traceFlags | TraceFlags.SAMPLED });
  } else if (!options.edge && !remote) {
    // A service's header passed sampledIn but not the propagator's validation: no trace to continue.
    return serve();
  }
  const method = req.method ?? 'GET';
  const span = tracer.startSpan(method, { kind: SpanKind.SERVER, attributes: { 'http.request.method': method, 'url.path': path } }, parent);
  if (!span.isRecording()) return serve();
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    const route = routeOf();
    span.updateName(`${method} ${route}`);
    span.setAttributes({ 'http.route': route, 'http.response.status_code': res.statusCode });
    if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    if (!res.writableFinished) span.setAttribute('http.response.aborted', true);
    span.end();
  };
  res.once('finish', end);
  res.once('close', end);
  const active = trace.setSpan(parent, span);
  // What runs on the request's and answer's events (its body read, then proxied) belongs to it too:
  // an event's listeners otherwise run in the context of whoever emitted it.
  context.bind(active, req);
  context.bind(active, res);
  context.with(active, serve);
}

function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}
