import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseEnv } from 'node:util';
import { trace } from '@opentelemetry/api';
import { envFileOf } from '@shop/contracts';
import { tracingStarted } from './server-spans.js';

/** A statement's first word (SELECT, INSERT, WITH…), as its span's name says what it does. */
const commandOf = (text: string) => /^\s*([A-Za-z]+)/.exec(text)?.[1]?.toUpperCase() ?? 'QUERY';

/** The running SDK's way out, if tracing is on. */
let stopTracing: (() => Promise<void>) | undefined;

/**
 * Whether the environment asks for traces: an OTLP endpoint or a traces exporter is set (the standard
 * `OTEL_*` settings), and `OTEL_SDK_DISABLED` is not `true`. With none of them the SDK is never even
 * loaded, and tracing costs nothing (the event bus's calls to @opentelemetry/api are its no-ops).
 */
export function tracingRequested(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  const exporter = env.OTEL_TRACES_EXPORTER?.trim().toLowerCase();
  if (exporter === 'none') return false;
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || exporter);
}

/**
 * Starts OpenTelemetry tracing for a part of the shop, configured by the standard `OTEL_*` settings
 * (endpoint, protocol, sampler, batch sizes, resource attributes), when they ask for it.
 *
 * Call it first thing in `main.ts` and load the rest of the part afterwards (a dynamic `import()`): the
 * instrumentations patch `undici` and `pg` as those load. Both are CommonJS (the shop's ES modules load
 * them through Node's CommonJS loader, which require-in-the-middle hooks), so no ESM loader hook is
 * needed: import-in-the-middle's doubled each part's start (every module's resolution crossed to a
 * loader thread) for nothing (docs/operations.md, "What tracing costs"). The servers' spans are
 * serveTraced's (server-spans.ts).
 *
 * Traces only: the shop's metrics are Prometheus's (`/metrics`) and its logs pino's JSON lines, so the
 * SDK's own metric and log exporters stay off unless `OTEL_METRICS_EXPORTER`/`OTEL_LOGS_EXPORTER` ask.
 * `service.name` is the part's name unless `OTEL_SERVICE_NAME` says otherwise.
 */
export async function startTelemetry(part: string, options: { edge?: boolean } = {}, env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  if (stopTracing) return true;
  takeTracingSettingsOfEnvFile(env);
  if (!tracingRequested(env)) return false;
  env.OTEL_SERVICE_NAME ??= part;
  env.OTEL_METRICS_EXPORTER ??= 'none';
  env.OTEL_LOGS_EXPORTER ??= 'none';
  const [{ NodeSDK }, { UndiciInstrumentation }, { PgInstrumentation }] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/instrumentation-undici'),
    import('@opentelemetry/instrumentation-pg'),
  ]);
  const edge = options.edge ? await edgeSamplingOf(env) : undefined;
  const sdk = new NodeSDK({
    ...(edge ? { sampler: edge.sampler } : {}),
    instrumentations: [
      // The servers' spans are serveTraced's (server-spans.ts), recorded traces only. Outgoing calls (the
      // gateway's proxying, fetch) only under a span: the gateway's probes of its services' /ready, and
      // key and token refreshes, would otherwise make a trace of their own each time.
      // Asked first, before the instrumentation parses the request's address and headers and builds its
      // attributes, all of which it otherwise does for every call whatever becomes of the span: a call
      // outside a recorded trace is left alone at once (the gateway proxies every request it serves).
      new UndiciInstrumentation({ requireParentforSpans: true, ignoreRequestHook: () => !trace.getActiveSpan()?.isRecording() }),
      // Statements of a request or an event only: the relay's and the sweeps' polling would otherwise
      // make a trace of their own every few hundred milliseconds.
      new PgInstrumentation({
        requireParentSpan: true,
        // A pooled connection's checkout is no statement: no span for it (a third fewer spans per order).
        ignoreConnectSpans: true,
        // The hot statements are prepared under a hash name (service-kit's `prepared`), which would name
        // their spans: named by what they do instead, as an unnamed statement is.
        requestHook: (span, { query, connection }) => {
          if (query.name) span.updateName(`pg.query:${commandOf(query.text)} ${connection.database ?? ''}`.trimEnd());
        },
      }),
    ],
  });
  sdk.start();
  tracingStarted(edge?.share);
  stopTracing = () => sdk.shutdown();
  // Before the part's logger exists: one plain line, so an operator sees where its traces go.
  process.stderr.write(`${part}: tracing on, spans to ${env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_TRACES_EXPORTER}\n`);
  return true;
}

/**
 * The `OTEL_*` settings of the part's settings file (`.env`, or ENV_FILE's), under the real environment:
 * tracing starts before the part reads that file (service-kit's env-file.ts, which reads the rest and
 * reports a file it cannot read), so it takes its own settings from it first.
 */
function takeTracingSettingsOfEnvFile(env: NodeJS.ProcessEnv): void {
  const file = envFileOf(env);
  if (!file) return;
  let text: string;
  try {
    text = readFileSync(resolve(file.path), 'utf8');
  } catch {
    return;
  }
  for (const [name, value] of Object.entries(parseEnv(text))) {
    if (name.startsWith('OTEL_') && env[name] === undefined) env[name] = value;
  }
}

/**
 * The share of requests the shop's edge (the gateway) traces, from OTEL_TRACES_SAMPLER and its ratio
 * (`*always_off` 0, `*traceidratio` the ratio, otherwise 1), never above 1 nor below 0.
 */
export function edgeShareOf(env: NodeJS.ProcessEnv): number {
  const kind = env.OTEL_TRACES_SAMPLER?.trim().toLowerCase() ?? 'parentbased_always_on';
  if (kind.endsWith('always_off')) return 0;
  if (!kind.endsWith('traceidratio')) return 1;
  const ratio = Number(env.OTEL_TRACES_SAMPLER_ARG ?? '1');
  return Number.isFinite(ratio) ? Math.min(1, Math.max(0, ratio)) : 1;
}

/**
 * How the shop's edge (the gateway) samples. A trace context coming from outside is continued (its
 * trace id kept, so a browser's own tracing joins up), but whether it is recorded is the shop's choice,
 * made as for a new trace, never the client's sampled flag: otherwise any client could have every
 * request of its own traced, a cheap way to flood the trace store.
 *
 * The choice is serveTraced's, drawn at the share the settings give before anything is built for the
 * request (server-spans.ts); the request it draws starts its span as sampled, so the SDK's sampler here
 * records what it is given (a root, or a remote parent marked sampled) and nothing when the share is 0.
 * In the gateway spans start nowhere else (its outgoing calls need a recorded parent), so the ratio is
 * applied once. Spans inside it follow their parent, as everywhere.
 */
async function edgeSamplingOf(env: NodeJS.ProcessEnv) {
  const { AlwaysOffSampler, AlwaysOnSampler, ParentBasedSampler } = await import('@opentelemetry/sdk-trace');
  const share = edgeShareOf(env);
  return { share, sampler: new ParentBasedSampler({ root: share > 0 ? new AlwaysOnSampler() : new AlwaysOffSampler() }) };
}

/** Sends what spans are waiting and stops tracing (at the end of a part's shutdown); nothing when off. */
export async function stopTelemetry(): Promise<void> {
  const stop = stopTracing;
  stopTracing = undefined;
  await stop?.().catch(() => undefined);
}
