import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseAllDocuments, stringify } from 'yaml';
import { podman, podmanEnv, run } from './podman.js';
import { imageOf, RUN_ID, RUN_LABEL, type Part } from './shop-images.js';

/**
 * The shop's Deployments, in the order they are played (each needs the one before ready: users' signing
 * keys first; the gateway reports the whole shop ready once the storefront server is too).
 */
export const KUBE_PARTS = ['users', 'catalog', 'orders', 'storefront', 'gateway'] as const;
export type KubePart = (typeof KUBE_PARTS)[number];

type HttpProbe = { httpGet?: { path: string; port: number | string } };
interface Container {
  name: string;
  image: string;
  ports?: { name?: string; containerPort: number }[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  startupProbe?: HttpProbe;
  readinessProbe?: HttpProbe;
  livenessProbe?: HttpProbe;
}
interface PodSpec {
  containers: Container[];
  initContainers?: Container[];
  restartPolicy?: string;
  hostAliases?: { ip: string; hostnames: string[] }[];
}
/** What the test reads and changes of a rendered manifest. */
interface Manifest {
  kind: string;
  metadata: { name: string };
  spec?: { replicas?: number; template: { spec: PodSpec } };
  data?: Record<string, string>;
}

/** An httpGet probe of a container, its port resolved to a number. */
export interface Probe {
  kind: 'startupProbe' | 'readinessProbe' | 'livenessProbe';
  path: string;
  port: number;
}

export const KUBE_ADMIN = { email: 'admin@example.com', password: 'kube-admin-secret-1' };

/**
 * deploy/k8s's production overlay, rendered by kustomize (`kubectl kustomize`) and played by `podman kube
 * play`, on a podman network of the run's own with PostgreSQL (as `shop-db-rw`), a three-node NATS cluster
 * (as `nats`) and the PayPal stand-in in containers beside it. What podman 4.3 does not do is done here,
 * each named in docs/deploy.md ("Kubernetes manifests on podman"):
 * - Services: each Deployment's pod gets a fixed address, and every pod's hostAliases name the Services
 *   (users, catalog, orders, storefront, nats, shop-db-rw) at those addresses, as a ClusterIP would;
 * - one pod per Deployment (the overlay's three replicas would each publish the same ports on the host);
 * - restartPolicy OnFailure (podman 4.3 restarts a finished init container under Always, then cannot remove it);
 * - containerPorts are not published on the host (the test reaches the pods on the network);
 * - the Secret `shop-secrets` is a podman secret (a flat JSON object of base64 values, what podman 4.3 reads);
 * - the images are the run's (`kustomize edit set image` would do the same), the settings the overlay's
 *   with PayPal at the stand-in and traces off (no collector runs).
 */
export class KubeShop {
  private readonly dir = mkdtempSync(join(tmpdir(), 'shop-kube-'));
  private readonly network = `shopkube${RUN_ID}`;
  private readonly secret = `shop-secrets-${RUN_ID}`;
  private readonly containers: string[] = [];
  /** The address of each part's pod and of each stand-in on the network. */
  readonly addresses = {} as Record<KubePart | 'shop-db-rw' | 'nats-1' | 'nats-2' | 'nats-3' | 'paypal', string>;
  /** The rendered manifests, by kind and name. */
  manifests: Manifest[] = [];
  private played: string[] = [];

  /** The gateway's address. */
  get base(): string {
    return `http://${this.addresses.gateway}:3000`;
  }

  /** Renders the production overlay with kustomize; the manifests as the cluster would get them. */
  async render(): Promise<Manifest[]> {
    const ran = await run('kubectl', ['kustomize', 'deploy/k8s/overlays/production']);
    if (ran.code !== 0) throw new Error(`kubectl kustomize failed: ${ran.stderr}`);
    this.manifests = parseAllDocuments(ran.stdout).map((document) => document.toJS() as Manifest);
    return this.manifests;
  }

  /** Starts what the manifests expect beside them: the network, PostgreSQL, NATS, the stand-in, the Secret. */
  async prepare(): Promise<void> {
    await podman(['network', 'create', '--label', RUN_LABEL, this.network]);
    const subnet = await podman(['network', 'inspect', '--format', '{{range .Subnets}}{{.Subnet}}{{end}}', this.network]);
    const prefix = subnet.split('/')[0].split('.').slice(0, 3).join('.');
    Object.assign(this.addresses, {
      'shop-db-rw': `${prefix}.10`,
      'nats-1': `${prefix}.11`,
      'nats-2': `${prefix}.12`,
      'nats-3': `${prefix}.13`,
      paypal: `${prefix}.14`,
      users: `${prefix}.21`,
      catalog: `${prefix}.22`,
      orders: `${prefix}.23`,
      gateway: `${prefix}.24`,
      storefront: `${prefix}.25`,
    });
    const password = randomBytes(12).toString('hex');
    await this.container('shop-db-rw', podmanEnv.POSTGRES_IMAGE!, ['--env', 'POSTGRES_USER=shop', '--env', `POSTGRES_PASSWORD=${password}`], []);
    for (const node of ['nats-1', 'nats-2', 'nats-3'] as const) {
      const routes = (['nats-1', 'nats-2', 'nats-3'] as const).filter((other) => other !== node).map((other) => `nats://${this.addresses[other]}:6222`).join(',');
      await this.container(node, podmanEnv.NATS_IMAGE!, [], ['--name', node, '-js', '-sd', '/data', '--cluster_name', 'shop', '--cluster', 'nats://0.0.0.0:6222', '--routes', routes]);
    }
    const paypal = { id: 'sb-kube', secret: randomBytes(12).toString('hex') };
    await this.container('paypal', imageOf('paypal-stand-in' as Part), ['--env', 'HOST=0.0.0.0', '--env', 'PORT=3004', '--env', `PAYPAL_CLIENT_ID=${paypal.id}`, '--env', `PAYPAL_CLIENT_SECRET=${paypal.secret}`], []);
    // The Secret's keys (deploy/k8s/base/shop-secrets.example.env), as podman 4.3 reads a secret for envFrom.
    const secrets: Record<string, string> = {
      DATABASE_URL: `postgres://shop:${password}@shop-db-rw:5432/postgres`,
      ADMIN_EMAIL: KUBE_ADMIN.email,
      ADMIN_PASSWORD: KUBE_ADMIN.password,
      SIGNING_KEY_SECRET: randomBytes(24).toString('base64url'),
      PAYPAL_CLIENT_ID: paypal.id,
      PAYPAL_CLIENT_SECRET: paypal.secret,
    };
    const file = join(this.dir, 'secret.json');
    writeFileSync(file, JSON.stringify(Object.fromEntries(Object.entries(secrets).map(([key, value]) => [key, Buffer.from(value).toString('base64')]))));
    await podman(['secret', 'create', this.secret, file]);
  }

  private async container(name: keyof KubeShop['addresses'], image: string, options: string[], args: string[]): Promise<void> {
    const full = `${this.network}-${name}`;
    await podman(['run', '--detach', '--name', full, '--label', RUN_LABEL, '--network', this.network, '--ip', this.addresses[name], ...options, image, ...args]);
    this.containers.push(full);
  }

  /** A part's Deployment adapted for podman (see the class), with the ConfigMaps it reads: one file for `podman kube play`. */
  playable(part: KubePart): string {
    const deployment = structuredClone(this.manifests.find((manifest) => manifest.kind === 'Deployment' && manifest.metadata.name === part));
    if (!deployment) throw new Error(`the overlay has no Deployment ${part}`);
    const spec = deployment.spec!;
    const pod = spec.template.spec;
    spec.replicas = 1;
    pod.restartPolicy = 'OnFailure';
    pod.hostAliases = [
      ...(['users', 'catalog', 'orders', 'storefront'] as const).map((service) => ({ ip: this.addresses[service], hostnames: [service] })),
      { ip: this.addresses['nats-1'], hostnames: ['nats'] },
      { ip: this.addresses['shop-db-rw'], hostnames: ['shop-db-rw'] },
    ];
    for (const container of [...(pod.initContainers ?? []), ...pod.containers]) {
      container.image = imageOf(part);
      delete container.ports;
      for (const source of container.envFrom ?? []) if (source.secretRef?.name === 'shop-secrets') source.secretRef.name = this.secret;
    }
    const configMaps = this.manifests
      .filter((manifest) => manifest.kind === 'ConfigMap' && manifest.metadata.name.startsWith('shop-settings'))
      .map((manifest) => ({
        ...manifest,
        data: { ...manifest.data, PAYPAL_API_BASE: `http://${this.addresses.paypal}:3004`, OTEL_EXPORTER_OTLP_ENDPOINT: '', LOG_LEVEL: 'warn' },
      }));
    return [...configMaps, deployment].map((document) => stringify(document)).join('---\n');
  }

  /** Plays a part's Deployment at its address; answers podman's output. */
  async play(part: KubePart): Promise<string> {
    const file = join(this.dir, `${part}.yaml`);
    writeFileSync(file, this.playable(part));
    this.played.push(file);
    const ran = await run('podman', ['kube', 'play', '--network', this.network, '--ip', this.addresses[part], file], { timeoutMs: 300_000 });
    if (ran.code !== 0) throw new Error(`podman kube play of ${part} failed (${ran.code}):\n${ran.stderr}\n${ran.stdout}`);
    return ran.stdout;
  }

  /** The httpGet probes of a part's container in the rendered manifest, named ports resolved. */
  probesOf(part: KubePart): Probe[] {
    const deployment = this.manifests.find((manifest) => manifest.kind === 'Deployment' && manifest.metadata.name === part)!;
    const [container] = deployment.spec!.template.spec.containers;
    const portOf = (port: number | string) => (typeof port === 'number' ? port : (container.ports ?? []).find((candidate) => candidate.name === port)!.containerPort);
    return (['startupProbe', 'readinessProbe', 'livenessProbe'] as const).flatMap((kind) => {
      const httpGet = container[kind]?.httpGet;
      return httpGet ? [{ kind, path: httpGet.path, port: portOf(httpGet.port) }] : [];
    });
  }

  /** The pod podman made for a part's Deployment. */
  async podOf(part: KubePart): Promise<string> {
    return podman(['pod', 'ps', '--format', '{{.Name}}', '--filter', `name=^${part}-pod`]);
  }

  /** Removes what it made: the pods (`podman kube down`), the containers beside them, the secret, the network. */
  async dispose(): Promise<void> {
    for (const file of this.played.reverse()) await run('podman', ['kube', 'down', file], { timeoutMs: 120_000 });
    if (this.containers.length) await run('podman', ['rm', '--force', '--time', '5', ...this.containers]);
    await run('podman', ['secret', 'rm', this.secret]);
    await run('podman', ['network', 'rm', '--force', this.network]);
    rmSync(this.dir, { recursive: true, force: true });
  }
}
