/**
 * The metrics' deployment files, checked without Prometheus or Grafana running: the alert rules
 * (deploy/k8s/base/prometheus-alerts.yml), Prometheus's configurations (deploy/observability), the
 * Grafana dashboard and its provisioning, and how compose.yaml and the Kubernetes base wire them up.
 * Every query of the rules and the dashboard uses only the metrics the parts serve (src/shop-metrics.ts),
 * with their labels. With promtool on the PATH (Debian's prometheus package, which .ci/run installs),
 * the rules, the configurations and every dashboard query also go through Prometheus's own parser, and
 * the rules through their unit tests (fixtures/prometheus-alerts.test.yml).
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, stringify } from 'yaml';
import { SCRAPE_SERIES_NAMES, SHOP_METRICS, SHOP_PARTS, SHOP_SERIES_NAMES } from '../src/shop-metrics.js';

const repo = fileURLToPath(new URL('../../../', import.meta.url));
const read = (path: string) => readFileSync(join(repo, path), 'utf8');

const ALERTS_FILE = 'deploy/k8s/base/prometheus-alerts.yml';
const PROMETHEUS_CONFIG = 'deploy/observability/prometheus.yml';
const PROMETHEUS_KUBERNETES_CONFIG = 'deploy/observability/prometheus-kubernetes.yml';
const DASHBOARD_FILE = 'deploy/observability/grafana/dashboards/shop-overview.json';

interface AlertRule {
  alert?: string;
  record?: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}
const alertGroups = (parse(read(ALERTS_FILE)) as { groups: { name: string; rules: AlertRule[] }[] }).groups;
const alerts = alertGroups.flatMap((group) => group.rules);

interface Panel {
  id: number;
  type: string;
  title: string;
  gridPos: { h: number; w: number; x: number; y: number };
  datasource?: { type: string; uid: string };
  targets?: { refId: string; expr: string; datasource?: { type: string; uid: string } }[];
  panels?: Panel[];
}
interface Dashboard {
  uid: string;
  title: string;
  schemaVersion: number;
  panels: Panel[];
  templating: { list: { name: string; type: string; query: unknown; definition?: string; current?: { value: unknown } }[] };
}
const dashboard = JSON.parse(read(DASHBOARD_FILE)) as Dashboard;
/** Every panel, those inside collapsed rows too. */
const panels = dashboard.panels.flatMap((panel) => [panel, ...(panel.panels ?? [])]);
const dashboardQueries = panels.flatMap((panel) => (panel.targets ?? []).map((target) => ({ where: `panel "${panel.title}" ${target.refId}`, expr: target.expr })));

/** A dashboard query as Prometheus gets it: Grafana's variables filled in. */
const asPromQL = (expr: string) =>
  expr
    .replaceAll('$__rate_interval', '1m')
    .replaceAll('$__interval', '15s')
    .replace(/\$\{?job\}?/g, '.+');

/** PromQL's words that are neither metrics nor functions. */
const KEYWORDS = new Set(['and', 'or', 'unless', 'bool', 'atan2', 'inf', 'nan', 'offset', 'start', 'end']);

/**
 * The metric names a PromQL expression reads: the identifiers left once strings, label matchers, label
 * lists (`by (…)`, `on (…)`, …), ranges and function calls' names are taken out.
 */
function metricNamesIn(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ');
  const names = [...bare.matchAll(/(?<![\w.:])([a-zA-Z_:][\w:]*)(?![\w:]|\s*\()/g)].map((match) => match[1]).filter((word) => !KEYWORDS.has(word));
  return [...new Set(names)];
}

/** The label names an expression matches on or groups by. */
function labelNamesIn(expr: string): string[] {
  const stripped = expr.replace(/"(?:[^"\\]|\\.)*"/g, '""');
  const matchers = [...stripped.matchAll(/\{([^}]*)\}/g)].flatMap((match) => [...match[1].matchAll(/(\w+)\s*(?:=~|!~|!=|=)/g)].map((label) => label[1]));
  const lists = [...stripped.matchAll(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\(([^)]*)\)/g)].flatMap((match) =>
    match[1]
      .split(',')
      .map((label) => label.trim())
      .filter(Boolean),
  );
  return [...new Set([...matchers, ...lists])];
}

/** The series names of the shop's metrics, each with the labels it may be matched or grouped on. */
const labelsOfSeries = (series: string): string[] => {
  if (SCRAPE_SERIES_NAMES.has(series)) return [];
  const base = Object.keys(SHOP_METRICS).find((name) => series === name || series.replace(/_(bucket|sum|count)$/, '') === name);
  if (!base) return [];
  return [...SHOP_METRICS[base].labels, ...(series.endsWith('_bucket') ? ['le'] : [])];
};
/** Labels Prometheus adds to every series it scrapes (compose: job and instance; Kubernetes: also namespace and pod). */
const TARGET_LABELS = ['job', 'instance', 'namespace', 'pod'];

/** Checks an expression's metrics and labels against the list; returns what is wrong with it. */
function problemsOf(expr: string): string[] {
  const names = metricNamesIn(expr);
  const unknown = names.filter((name) => !SHOP_SERIES_NAMES.has(name) && !SCRAPE_SERIES_NAMES.has(name)).map((name) => `unknown metric ${name}`);
  const known = new Set([...TARGET_LABELS, ...names.flatMap(labelsOfSeries)]);
  const labels = labelNamesIn(expr)
    .filter((label) => !known.has(label))
    .map((label) => `label ${label} is not one of ${names.join(', ')}`);
  return [...unknown, ...labels];
}

const promtool = spawnSync('promtool', ['--version'], { encoding: 'utf8' }).status === 0;
const withPromtool = promtool ? it : it.skip;
/** Runs promtool; its output when it fails. */
function runPromtool(args: string[], cwd = repo): { ok: boolean; output: string } {
  const run = spawnSync('promtool', args, { cwd, encoding: 'utf8', timeout: 60_000 });
  return { ok: run.status === 0, output: `${run.stdout}${run.stderr}` };
}

describe('reading PromQL', () => {
  it('finds the metrics of an expression, not its functions, labels, keywords or durations', () => {
    expect(
      metricNamesIn('sum by (job, le) (rate(a_bucket{job=~"$job", x="y z"}[$__rate_interval])) / on(job) group_left(x) b_total > 0.5 and absent(up{job="c"}) or vector(1e3)'),
    ).toEqual(['a_bucket', 'b_total', 'up']);
    expect(labelNamesIn('sum by (job, route) (rate(a{status_code=~"5.."}[5m])) / ignoring(x) b')).toEqual(['status_code', 'job', 'route', 'x']);
    expect(problemsOf('sum by (status) (rate(http_server_request_duration_seconds_count[5m]))')).toEqual([
      'label status is not one of http_server_request_duration_seconds_count',
    ]);
    expect(problemsOf('rate(http_requests_total[5m])')).toEqual(['unknown metric http_requests_total']);
  });
});

describe('alert rules', () => {
  it('are alerts only, each with a name of its own, a `for`, a severity, a summary and a description', () => {
    expect(alerts.length).toBeGreaterThan(0);
    const names = alerts.map((rule) => rule.alert);
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
    for (const rule of alerts) {
      const what = rule.alert ?? rule.record;
      expect({ what, alert: typeof rule.alert }).toEqual({ what, alert: 'string' });
      expect({ what, for: rule.for }).toEqual({ what, for: expect.stringMatching(/^(\d+[smhd])+$/) });
      expect({ what, severity: rule.labels?.severity }).toEqual({ what, severity: expect.stringMatching(/^(critical|warning)$/) });
      expect({ what, summary: rule.annotations?.summary?.trim() }).toEqual({ what, summary: expect.stringMatching(/\S/) });
      expect({ what, description: rule.annotations?.description?.trim() }).toEqual({ what, description: expect.stringMatching(/\S/) });
    }
  });

  it.each(['error ratio', 'p99 latency', 'outbox age', 'consumer lag', 'redeliveries', 'event-loop lag', 'target down', 'password-hash queue'])(
    'watch the %s',
    (what) => {
      const uses: Record<string, RegExp> = {
        'error ratio': /status_code=~"5\.\."/,
        'p99 latency': /histogram_quantile\(0\.99, sum by \(job, le\) \(rate\(http_server_request_duration_seconds_bucket/,
        'outbox age': /shop_outbox_oldest_event_age_seconds/,
        'consumer lag': /shop_consumer_pending_messages/,
        redeliveries: /shop_consumer_redelivered_messages/,
        'event-loop lag': /nodejs_eventloop_lag_p99_seconds/,
        'target down': /\bup\{[^}]*\} == 0/,
        'password-hash queue': /shop_password_hash_queue_depth/,
      };
      expect(alerts.some((rule) => uses[what].test(rule.expr))).toBe(true);
    },
  );

  it.each(alerts.map((rule) => [rule.alert ?? '', rule.expr] as const))('%s uses only metrics and labels the parts serve', (_, expr) => {
    expect(problemsOf(expr)).toEqual([]);
  });

  it("say, each, which part is in trouble (they keep the scrape job's label)", () => {
    for (const rule of alerts) expect({ alert: rule.alert, job: /\$labels\.job|\$labels\.instance/.test(rule.annotations?.summary ?? '') }).toEqual({ alert: rule.alert, job: true });
  });

  withPromtool('are valid rules for Prometheus (promtool check rules)', () => {
    const check = runPromtool(['check', 'rules', ALERTS_FILE]);
    expect(check.output).toContain('SUCCESS');
    expect(check.ok).toBe(true);
  });

  withPromtool('fire when they should and not otherwise (promtool test rules, fixtures/prometheus-alerts.test.yml)', () => {
    const test = runPromtool(['test', 'rules', 'prometheus-alerts.test.yml'], join(repo, 'tests/deploy/fixtures'));
    expect(test.output).toContain('SUCCESS');
    expect(test.ok).toBe(true);
  });
});

describe("Prometheus's configurations", () => {
  const compose = parse(read('compose.yaml'), { merge: true }) as {
    services: Record<string, { environment?: Record<string, string>; volumes?: string[]; ports?: string[]; image?: string; depends_on?: unknown }>;
  };
  const config = parse(read(PROMETHEUS_CONFIG)) as { rule_files: string[]; scrape_configs: { job_name: string; static_configs: { targets: string[] }[] }[] };
  const mountsOf = (service: string) =>
    Object.fromEntries((compose.services[service].volumes ?? []).filter((volume) => volume.startsWith('./')).map((volume) => volume.split(':').slice(0, 2).reverse()));

  it("compose's Prometheus reads every replica of every part, by job, the gateway on its metrics port", () => {
    const expected = Object.fromEntries(
      SHOP_PARTS.map((part) => {
        const services = Object.entries(compose.services).filter(([name]) => name === part || name.startsWith(`${part}-`));
        const targets = services.map(([name, service]) => {
          const env = service.environment ?? {};
          return `${name}:${part === 'gateway' ? env.METRICS_PORT : env.PORT}`;
        });
        return [part, targets.sort()];
      }),
    );
    const jobs = Object.fromEntries(
      config.scrape_configs.filter((job) => (SHOP_PARTS as readonly string[]).includes(job.job_name)).map((job) => [job.job_name, job.static_configs.flatMap((static_) => static_.targets).sort()]),
    );
    expect(jobs).toEqual(expected);
    expect(expected.gateway).toEqual(['gateway:9464']);
    // The public port of the gateway has no /metrics, and the metrics port is not published.
    expect(compose.services.gateway.ports).toEqual([expect.stringMatching(/:3000$/)]);
  });

  it('compose runs Prometheus with its configuration and the alert rules, and Grafana with its provisioning and the dashboard', () => {
    expect(compose.services.prometheus.image).toMatch(/^\$\{PROMETHEUS_IMAGE:-prom\/prometheus:v3\.[\d.]+\}$/);
    expect(compose.services.grafana.image).toMatch(/^\$\{GRAFANA_IMAGE:-grafana\/grafana:\d+\.[\d.]+\}$/);
    expect(compose.services.prometheus.ports).toEqual(['${PROMETHEUS_PORT:-9090}:9090']);
    expect(compose.services.grafana.ports).toEqual(['${GRAFANA_PORT:-3300}:3000']);
    const prometheusMounts = mountsOf('prometheus');
    expect(prometheusMounts['/etc/prometheus/prometheus.yml']).toBe(`./${PROMETHEUS_CONFIG}`);
    // rule_files is read relative to the configuration's folder.
    expect(config.rule_files.map((file) => prometheusMounts[`/etc/prometheus/${file}`])).toEqual([`./${ALERTS_FILE}`]);
    for (const volume of [...compose.services.prometheus.volumes!, ...compose.services.grafana.volumes!].filter((volume) => volume.startsWith('./'))) expect(volume).toMatch(/:ro$/);

    const grafanaMounts = mountsOf('grafana');
    expect(grafanaMounts['/etc/grafana/provisioning']).toBe('./deploy/observability/grafana/provisioning');
    const providers = (parse(read('deploy/observability/grafana/provisioning/dashboards/shop.yml')) as { providers: { type: string; options: { path: string } }[] }).providers;
    expect(providers.map((provider) => grafanaMounts[provider.options.path])).toEqual(['./deploy/observability/grafana/dashboards']);
    const sources = (parse(read('deploy/observability/grafana/provisioning/datasources/prometheus.yml')) as { datasources: { uid: string; type: string; url: string }[] }).datasources;
    expect(sources).toEqual([expect.objectContaining({ type: 'prometheus', url: 'http://prometheus:9090' })]);
    // The dashboard's Prometheus is, unless chosen otherwise, the one provisioned.
    const variable = dashboard.templating.list.find((entry) => entry.type === 'datasource');
    expect(variable?.current?.value).toBe(sources[0].uid);
  });

  it("the Kubernetes scrape job names the job after the pod's part, found by the Deployments' annotations", () => {
    const kubernetes = parse(read(PROMETHEUS_KUBERNETES_CONFIG)) as { rule_files: string[]; scrape_configs: { relabel_configs: { source_labels?: string[]; target_label?: string; regex?: string; action?: string }[] }[] };
    const relabel = kubernetes.scrape_configs[0].relabel_configs;
    expect(relabel).toContainEqual(expect.objectContaining({ source_labels: ['__meta_kubernetes_pod_label_app_kubernetes_io_name'], target_label: 'job' }));
    expect(relabel).toContainEqual(expect.objectContaining({ source_labels: ['__meta_kubernetes_pod_annotation_prometheus_io_scrape'], action: 'keep' }));
    expect(kubernetes.rule_files.map((file) => file.split('/').pop())).toEqual([ALERTS_FILE.split('/').pop()]);
  });

  withPromtool('are valid for Prometheus (promtool check config), with the rule files where they name them', () => {
    const dir = mkdtempSync(join(tmpdir(), 'shop-prometheus-'));
    try {
      // compose's layout: the configuration and the rules side by side in /etc/prometheus.
      copyFileSync(join(repo, PROMETHEUS_CONFIG), join(dir, 'prometheus.yml'));
      for (const file of config.rule_files) copyFileSync(join(repo, ALERTS_FILE), join(dir, file));
      const composeCheck = runPromtool(['check', 'config', join(dir, 'prometheus.yml')]);
      expect(composeCheck.output).toContain('SUCCESS');
      expect(composeCheck.ok).toBe(true);

      // Kubernetes: Debian's promtool is built without Kubernetes discovery, so the pods are given as a
      // static target instead; the relabelling and the rule files are checked as they are.
      const kubernetes = parse(read(PROMETHEUS_KUBERNETES_CONFIG)) as { rule_files: string[]; scrape_configs: Record<string, unknown>[] };
      for (const job of kubernetes.scrape_configs) {
        delete job.kubernetes_sd_configs;
        job.static_configs = [{ targets: ['pod:3000'] }];
      }
      kubernetes.rule_files = kubernetes.rule_files.map((file) => {
        const name = file.split('/').pop()!;
        copyFileSync(join(repo, ALERTS_FILE), join(dir, name));
        return name;
      });
      writeFileSync(join(dir, 'kubernetes.yml'), stringify(kubernetes));
      const kubernetesCheck = runPromtool(['check', 'config', join(dir, 'kubernetes.yml')]);
      expect(kubernetesCheck.output).toContain('SUCCESS');
      expect(kubernetesCheck.ok).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the Grafana dashboard', () => {
  it('is the shop overview, of the current schema, every panel with an id of its own and inside the grid', () => {
    expect(dashboard.uid).toBe('shop-overview');
    expect(dashboard.schemaVersion).toBeGreaterThanOrEqual(41);
    const ids = panels.map((panel) => panel.id);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    for (const { title, gridPos } of panels) expect({ title, inside: gridPos.x >= 0 && gridPos.w > 0 && gridPos.x + gridPos.w <= 24 }).toEqual({ title, inside: true });
  });

  it('asks the chosen Prometheus in every query, over $__rate_interval', () => {
    expect(dashboardQueries.length).toBeGreaterThan(0);
    for (const panel of panels.filter((panel) => panel.targets)) expect({ title: panel.title, datasource: panel.datasource?.uid }).toEqual({ title: panel.title, datasource: '${datasource}' });
    for (const { where, expr } of dashboardQueries) {
      const ranges = [...expr.matchAll(/\[([^\]]*)\]/g)].map((match) => match[1]);
      expect({ where, ranges: ranges.filter((range) => range !== '$__rate_interval') }).toEqual({ where, ranges: [] });
    }
  });

  it.each(dashboardQueries.map(({ where, expr }) => [where, expr] as const))('%s uses only metrics and labels the parts serve', (_, expr) => {
    expect(problemsOf(expr)).toEqual([]);
  });

  it('chooses parts by a metric every part serves', () => {
    const job = dashboard.templating.list.find((entry) => entry.name === 'job');
    const match = /^label_values\((\w+), job\)$/.exec(job?.definition ?? '');
    expect(match).not.toBeNull();
    expect(SHOP_SERIES_NAMES.has(match![1])).toBe(true);
  });

  it('shows every metric of the list (the event-loop lag by its p99)', () => {
    const used = new Set(dashboardQueries.flatMap(({ expr }) => metricNamesIn(expr)).map((series) => series.replace(/_(bucket|sum|count)$/, '')));
    expect(Object.keys(SHOP_METRICS).filter((name) => !used.has(name) && name !== 'nodejs_eventloop_lag_seconds')).toEqual([]);
  });

  withPromtool('has only valid PromQL in its queries (promtool, each as a recording rule)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'shop-dashboard-'));
    try {
      const rules = dashboardQueries.map(({ expr }, index) => ({ record: `dashboard:query_${index}`, expr: asPromQL(expr) }));
      writeFileSync(join(dir, 'dashboard-queries.yml'), stringify({ groups: [{ name: 'dashboard', rules }] }));
      const check = runPromtool(['check', 'rules', join(dir, 'dashboard-queries.yml')]);
      expect(check.output).toContain(`SUCCESS: ${rules.length} rules found`);
      expect(check.ok).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('Kubernetes', () => {
  const base = 'deploy/k8s/base';
  const kustomization = parse(read(`${base}/kustomization.yaml`)) as { configMapGenerator: { name: string; files?: string[]; literals?: string[] }[] };
  type Container = { name: string; ports: { name: string; containerPort: number }[]; env: { name: string; value: string }[] };
  const deploymentOf = (part: string) =>
    (parse(read(`${base}/${part}.yaml`).split(/^---$/m)[0]) as { spec: { template: { metadata: { annotations?: Record<string, string> }; spec: { containers: Container[] } } } }).spec.template;

  it.each([...SHOP_PARTS])('the pods of %s ask Prometheus to read /metrics on the port that serves it', (part) => {
    const template = deploymentOf(part);
    const annotations = template.metadata.annotations ?? {};
    expect(annotations['prometheus.io/scrape']).toBe('true');
    expect(annotations['prometheus.io/path']).toBe('/metrics');
    const [container] = template.spec.containers;
    const env = Object.fromEntries(container.env.map(({ name, value }) => [name, value]));
    const port = part === 'gateway' ? env.METRICS_PORT : env.PORT;
    expect(annotations['prometheus.io/port']).toBe(port);
    const named = container.ports.find((entry) => String(entry.containerPort) === port);
    expect(named?.name).toBe(part === 'gateway' ? 'metrics' : 'http');
  });

  it('the gateway serves /metrics apart from its public port', () => {
    const [container] = deploymentOf('gateway').spec.containers;
    const env = Object.fromEntries(container.env.map(({ name, value }) => [name, value]));
    expect(env.METRICS_PORT).toBe('9464');
    expect(env.PORT).not.toBe(env.METRICS_PORT);
  });

  it('makes the alert rules a ConfigMap of a stable name, after the shop settings', () => {
    const index = kustomization.configMapGenerator.findIndex((generator) => generator.name === 'prometheus-alerts');
    expect(index).toBeGreaterThan(0);
    expect(kustomization.configMapGenerator[0].name).toBe('shop-settings');
    expect(kustomization.configMapGenerator[index]).toEqual({ name: 'prometheus-alerts', files: [ALERTS_FILE.split('/').pop()], options: { disableNameSuffixHash: true } });
  });
});
