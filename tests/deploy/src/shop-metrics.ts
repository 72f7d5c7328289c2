/**
 * The metrics the shop's parts serve on `/metrics` (Prometheus's text format, prom-client), and which
 * parts serve each: the alert rules (deploy/k8s/base/prometheus-alerts.yml) and the Grafana dashboard
 * (deploy/observability/grafana/dashboards/shop-overview.json) may use these and no others
 * (test/observability.e2e-spec.ts), and a test of the running parts can check each is really served.
 */

export const SHOP_PARTS = ['gateway', 'storefront', 'catalog', 'users', 'orders'] as const;
export type ShopPart = (typeof SHOP_PARTS)[number];

/** The parts that record events in an outbox and consume events from JetStream. */
const WITH_EVENTS: readonly ShopPart[] = ['catalog', 'users', 'orders'];

export type MetricType = 'counter' | 'gauge' | 'histogram' | 'summary';

export interface ShopMetric {
  type: MetricType;
  /** The parts that serve it. */
  parts: readonly ShopPart[];
  /** Its labels (beyond the `job` and `instance` Prometheus adds, and a histogram's `le`). */
  labels: readonly string[];
  help: string;
}

/** prom-client's default metrics (`collectDefaultMetrics`) the alerts and the dashboard use, on every part. */
const DEFAULT_METRICS: Record<string, Omit<ShopMetric, 'parts'>> = {
  process_cpu_seconds_total: { type: 'counter', labels: [], help: 'CPU time the process used (user and system)' },
  process_resident_memory_bytes: { type: 'gauge', labels: [], help: 'Resident memory of the process' },
  nodejs_eventloop_lag_p99_seconds: { type: 'gauge', labels: [], help: "99th percentile of the event loop's delay" },
  nodejs_eventloop_lag_seconds: { type: 'gauge', labels: [], help: "The event loop's delay, sampled" },
  nodejs_heap_size_used_bytes: { type: 'gauge', labels: [], help: 'V8 heap in use' },
  nodejs_gc_duration_seconds: { type: 'histogram', labels: ['kind'], help: 'Garbage collections by kind' },
};

export const SHOP_METRICS: Record<string, ShopMetric> = {
  http_server_request_duration_seconds: {
    type: 'histogram',
    parts: SHOP_PARTS,
    labels: ['method', 'route', 'status_code'],
    help: "Requests served, by route template (the gateway's: its proxy prefix, or page, asset, other) and status; buckets 0.005 to 10 s",
  },
  ...Object.fromEntries(Object.entries(DEFAULT_METRICS).map(([name, metric]) => [name, { ...metric, parts: SHOP_PARTS }])),
  shop_outbox_backlog_events: { type: 'gauge', parts: WITH_EVENTS, labels: [], help: 'Events recorded in the outbox and not yet published' },
  shop_outbox_oldest_event_age_seconds: { type: 'gauge', parts: WITH_EVENTS, labels: [], help: 'Age of the oldest unpublished outbox event (0 when none)' },
  shop_consumer_pending_messages: { type: 'gauge', parts: WITH_EVENTS, labels: ['consumer'], help: 'JetStream messages not yet delivered to the durable consumer (its lag)' },
  shop_consumer_unacked_messages: { type: 'gauge', parts: WITH_EVENTS, labels: ['consumer'], help: 'Messages delivered to the consumer and not yet acknowledged' },
  shop_consumer_redelivered_messages: { type: 'gauge', parts: WITH_EVENTS, labels: ['consumer'], help: 'Messages delivered more than once and not yet acknowledged' },
  shop_events_handled_total: { type: 'counter', parts: WITH_EVENTS, labels: ['consumer', 'subject'], help: 'Events handled' },
  shop_event_failures_total: { type: 'counter', parts: WITH_EVENTS, labels: ['consumer', 'subject'], help: 'Events whose handler failed (retried later)' },
  shop_orders: { type: 'gauge', parts: ['orders'], labels: ['state'], help: 'Orders by state: awaiting-stock, awaiting-payment, paid, delivered, cancelled, refunded' },
  shop_password_hash_queue_depth: { type: 'gauge', parts: ['users'], labels: [], help: 'Password hashes waiting for the worker pool' },
  shop_cache_requests_total: {
    type: 'counter',
    parts: ['gateway', 'storefront', 'catalog'],
    labels: ['cache', 'result'],
    help: "Cache look-ups by cache (gateway: api; storefront: pages, renders; catalog: product-reads) and result (hit, miss)",
  },
  shop_page_reports_total: {
    type: 'counter',
    parts: ['storefront'],
    labels: ['result'],
    help: "Shoppers' page reports a canary is judged on, by result: counted, or why not (every result served from the start, at 0)",
  },
};

/** The names a query may use for a metric: a histogram's series are `_bucket`, `_sum` and `_count`. */
export function seriesNamesOf(name: string, metric: ShopMetric): string[] {
  if (metric.type === 'histogram') return [`${name}_bucket`, `${name}_sum`, `${name}_count`];
  if (metric.type === 'summary') return [name, `${name}_sum`, `${name}_count`];
  return [name];
}

/** Every series name the parts serve (of the metrics above), for matching names found in queries. */
export const SHOP_SERIES_NAMES: ReadonlySet<string> = new Set(Object.entries(SHOP_METRICS).flatMap(([name, metric]) => seriesNamesOf(name, metric)));

/** Series Prometheus itself makes for each target it scrapes: queries may use these too. */
export const SCRAPE_SERIES_NAMES: ReadonlySet<string> = new Set(['up', 'scrape_duration_seconds', 'scrape_samples_scraped']);

/** The metrics a part serves. */
export const metricsOf = (part: ShopPart): string[] => Object.keys(SHOP_METRICS).filter((name) => SHOP_METRICS[name].parts.includes(part));
