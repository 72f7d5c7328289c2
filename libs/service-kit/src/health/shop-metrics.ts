import type { IncomingMessage, ServerResponse } from 'node:http';
import { Injectable, Logger } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { PROBE_PATHS } from '@shop/telemetry';


/** Seconds; from a cached read to a slow search under load (docs/operations.md, "Metrics"). */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** A scrape-time reading of a gauge: its values by label set (no labels: one value under `{}`). */
export type GaugeReading = { labels?: Record<string, string>; value: number }[];

/** A route label for a request whose path matched no route: the path itself would make the label unbounded. */
export const UNMATCHED_ROUTE = '(unmatched)';

/**
 * The part's Prometheus metrics (docs/operations.md, "Metrics"), one registry per app (the tests run
 * several apps in one process): Node's own (event-loop lag, heap, GC, CPU, memory), the HTTP requests'
 * durations by method, route and status, the caches' hits and misses, and the gauges the part's
 * modules register, read when Prometheus scrapes (outbox backlog, consumer lag, orders by state…).
 * `/metrics` answers them (MetricsController; the gateway on its own port).
 */
@Injectable()
export class ShopMetrics {
  readonly registry = new Registry();
  private readonly logger = new Logger('Metrics');
  private readonly durations: Histogram<'method' | 'route' | 'status_code'>;
  private readonly cacheRequests: Counter<'cache' | 'result'>;

  constructor() {
    collectDefaultMetrics({ register: this.registry });
    this.durations = new Histogram({
      name: 'http_server_request_duration_seconds',
      help: 'Time from a request to its answer, by method, route (its template) and status code',
      labelNames: ['method', 'route', 'status_code'],
      buckets: DURATION_BUCKETS,
      registers: [this.registry],
    });
    this.cacheRequests = new Counter({
      name: 'shop_cache_requests_total',
      help: "Reads of the part's caches, by cache and result (hit or miss)",
      labelNames: ['cache', 'result'],
      registers: [this.registry],
    });
  }

  /**
   * Times `req` until it is answered (or its client gave up), under the route `routeOf` names once the
   * answer is done (a router sets it on the way); probes (`/health`, `/ready`, `/metrics`) are not timed.
   */
  timeRequest(req: IncomingMessage, res: ServerResponse, routeOf: () => string): void {
    if (PROBE_PATHS.has(req.url ?? '')) return;
    const started = performance.now();
    const done = () => {
      res.off('finish', done);
      res.off('close', done);
      this.durations.observe({ method: req.method ?? 'GET', route: routeOf(), status_code: String(res.statusCode) }, (performance.now() - started) / 1000);
    };
    res.on('finish', done);
    res.on('close', done);
  }

  /** Counts a read of `cache` as a hit or a miss. */
  cacheRead(cache: string, hit: boolean): void {
    this.cacheRequests.inc({ cache, result: hit ? 'hit' : 'miss' });
  }

  /**
   * A gauge read when Prometheus scrapes: `read` answers its values (a database or NATS question). A
   * failing read leaves the gauge empty for that scrape (and logs why at debug): the rest of the
   * metrics still answer, and the gap shows on the graph.
   */
  gauge(name: string, help: string, read: () => Promise<GaugeReading>, labelNames: string[] = []): void {
    const logger = this.logger;
    new Gauge({
      name,
      help,
      labelNames,
      registers: [this.registry],
      async collect() {
        this.reset();
        try {
          for (const { labels, value } of await read()) {
            if (labels) this.set(labels, value);
            else this.set(value);
          }
        } catch (error) {
          logger.debug(`${name} not read: ${String(error)}`);
        }
      },
    });
  }

  /** A counter the part increments as things happen. */
  counter<L extends string>(name: string, help: string, labelNames: readonly L[]): Counter<L> {
    return new Counter({ name, help, labelNames, registers: [this.registry] });
  }

  /** The metrics in Prometheus's text format, and its content type. */
  async exposition(): Promise<{ contentType: string; text: string }> {
    return { contentType: this.registry.contentType, text: await this.registry.metrics() };
  }
}
