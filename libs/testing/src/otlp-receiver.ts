import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

/** A span as an OTLP/HTTP JSON export carries it, with the name of the service that sent it. */
export interface ReceivedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  /** OTLP's SpanKind: 1 internal, 2 server, 3 client, 4 producer, 5 consumer. */
  kind: number;
  attributes: Record<string, string | number | boolean | undefined>;
}

/** An OpenTelemetry collector's receiving end, in the test's process. */
export interface OtlpReceiver {
  /** The OTLP/HTTP endpoint to give as OTEL_EXPORTER_OTLP_ENDPOINT (traces go to `${endpoint}/v1/traces`). */
  endpoint: string;
  spans: ReceivedSpan[];
  close(): Promise<void>;
}

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  doubleValue?: number;
  boolValue?: boolean;
}

interface OtlpAttribute {
  key: string;
  value?: OtlpValue;
}

interface OtlpExport {
  resourceSpans?: {
    resource?: { attributes?: OtlpAttribute[] };
    scopeSpans?: { spans?: { traceId: string; spanId: string; parentSpanId?: string; name: string; kind: number; attributes?: OtlpAttribute[] }[] }[];
  }[];
}

const valueOf = (value: OtlpValue | undefined) => value?.stringValue ?? value?.boolValue ?? (value?.intValue !== undefined ? Number(value.intValue) : value?.doubleValue);

const attributesOf = (attributes: OtlpAttribute[] = []) => Object.fromEntries(attributes.map(({ key, value }) => [key, valueOf(value)]));

/**
 * Receives OTLP/HTTP JSON exports (`OTEL_EXPORTER_OTLP_PROTOCOL=http/json`) on a loopback port and keeps
 * their spans, so a test can follow one trace across the shop's processes. Answers as a collector does
 * (200 with an empty partial success); anything but POST /v1/traces is 404.
 */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/traces') {
        res.writeHead(404).end();
        return;
      }
      try {
        const raw = Buffer.concat(chunks);
        const body = req.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw;
        const exported = JSON.parse(body.toString('utf8')) as OtlpExport;
        for (const resourceSpans of exported.resourceSpans ?? []) {
          const service = String(attributesOf(resourceSpans.resource?.attributes)['service.name'] ?? '');
          for (const scope of resourceSpans.scopeSpans ?? []) {
            for (const span of scope.spans ?? []) {
              spans.push({
                service,
                traceId: span.traceId,
                spanId: span.spanId,
                parentSpanId: span.parentSpanId || undefined,
                name: span.name,
                kind: span.kind,
                attributes: attributesOf(span.attributes),
              });
            }
          }
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      } catch {
        res.writeHead(400, { 'content-type': 'application/json' }).end('{"message":"not an OTLP JSON export"}');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    spans,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
