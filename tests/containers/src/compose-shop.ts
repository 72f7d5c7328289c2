import { randomBytes } from 'node:crypto';
import { eventually, freePort } from '@shop/testing';
import type { UserInfoDto } from '@shop/contracts';
import { podman, podmanEnv, run, type Ran } from './podman.js';
import { callApi } from './shop-api.js';
import { RUN_ID, RUN_LABEL } from './shop-images.js';

/** The services of compose.yaml the tests run: the shop, its PostgreSQL and NATS cluster (the observability services' public images are out of reach here). */
export const SHOP_SERVICES = [
  'postgres',
  'nats-1',
  'nats-2',
  'nats-3',
  'paypal-stand-in',
  'users-1',
  'users-2',
  'catalog-1',
  'catalog-2',
  'orders-1',
  'orders-2',
  'storefront-1',
  'storefront-2',
  'gateway',
] as const;
export type ComposeService = (typeof SHOP_SERVICES)[number];

/** compose.yaml's named volumes. */
const VOLUMES = ['postgres-data', 'nats-1-data', 'nats-2-data', 'nats-3-data', 'prometheus-data', 'grafana-data'];

export const ADMIN = { email: 'admin@example.com', password: 'compose-admin-1' };

/**
 * compose.yaml (with deploy/compose/paypal-stand-in.yaml) run by podman-compose as an operator runs it,
 * on the run's images (SHOP_REGISTRY), the local base images for PostgreSQL and NATS, under a project of
 * its own; tracing and mail off (their collector and catcher are not run), the gateway's per-address rate
 * limit off (the tests' customers come from one address).
 */
export class ComposeShop {
  private constructor(
    readonly project: string,
    readonly port: number,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  /** The gateway's address on the host. */
  get base(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  static async create(name: string): Promise<ComposeShop> {
    const project = `shoptest${RUN_ID}${name}`.toLowerCase().replace(/[^a-z0-9]/g, '');
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...podmanEnv,
      SHOP_REGISTRY: `localhost/shop-test-${RUN_ID}`,
      SHOP_VERSION: 'latest',
      SHOP_PORT: String(port),
      POSTGRES_PASSWORD: randomBytes(12).toString('hex'),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SIGNING_KEY_SECRET: randomBytes(24).toString('base64url'),
      PAYPAL_API_BASE: 'http://paypal-stand-in:3004',
      PAYPAL_CLIENT_ID: 'sb-compose',
      PAYPAL_CLIENT_SECRET: randomBytes(12).toString('hex'),
      OTEL_EXPORTER_OTLP_ENDPOINT: '',
      SMTP_URL: '',
      SEED_DEMO_CATALOG: 'true',
      RATE_LIMIT_PER_MINUTE: '0',
    };
    return new ComposeShop(project, port, env);
  }

  /** podman-compose with both files, this project, and the run's label on every container. */
  compose(args: string[], timeoutMs = 300_000): Promise<Ran> {
    return run(
      'podman-compose',
      ['--project-name', this.project, '--file', 'compose.yaml', '--file', 'deploy/compose/paypal-stand-in.yaml', '--podman-run-args', `--label ${RUN_LABEL}`, ...args],
      { env: this.env, timeoutMs },
    );
  }

  /** Starts the shop's services (the images exist: nothing is built). */
  async up(): Promise<void> {
    const ran = await this.compose(['up', '--detach', ...SHOP_SERVICES]);
    if (ran.code !== 0) throw new Error(`podman-compose up failed (${ran.code}):\n${ran.stderr.slice(-4000)}`);
  }

  /**
   * Waits until the shop answers as a shopper needs it, end to end: the gateway reports every replica
   * ready (the storefront server's too), the admin signs in, and orders, users and catalog accept the token (checked with users' keys), three
   * times in a row; answers how many seconds after `since` (performance.now()) that was.
   */
  async awaitServing(since: number, timeoutMs = 240_000): Promise<number> {
    let inARow = 0;
    await eventually(async () => {
      const health = await callApi(this.base, 'GET', '/api/health');
      const login = health.status === 200 ? await callApi<UserInfoDto>(this.base, 'POST', '/api/users/login', ADMIN) : undefined;
      const token = login?.status === 200 ? login.body.token : undefined;
      const answers = token ? await Promise.all(['/api/orders?pageSize=1', '/api/users/profile', '/api/products/low-stock'].map((path) => callApi(this.base, 'GET', path, undefined, token))) : [];
      inARow = answers.length > 0 && answers.every((answer) => answer.status === 200) ? inARow + 1 : 0;
      return inARow >= 3 ? true : undefined;
    }, timeoutMs, 'the shop to answer signed-in calls');
    return Math.round((performance.now() - since) / 100) / 10;
  }

  /** The container of a service (podman-compose names them `<project>_<service>_1`). */
  container(service: ComposeService): string {
    return `${this.project}_${service}_1`;
  }

  /** A container's state: running or not, how often podman restarted it, its start time. */
  async state(service: ComposeService): Promise<{ running: boolean; restarts: number; startedAt: string }> {
    const [running, restarts, startedAt] = (await podman(['inspect', '--format', '{{.State.Running}}|{{.RestartCount}}|{{.State.StartedAt}}', this.container(service)])).split('|');
    return { running: running === 'true', restarts: Number(restarts), startedAt };
  }

  /**
   * Kills a service's process with SIGKILL from outside, as a crash or the kernel's OOM killer would
   * (`podman kill` counts as the operator stopping it, and its restart policy leaves it stopped);
   * resolves once podman's restart policy has started it again, with how many seconds that took.
   */
  async crash(service: ComposeService): Promise<number> {
    const before = await this.state(service);
    const pid = Number(await podman(['inspect', '--format', '{{.State.Pid}}', this.container(service)]));
    const started = performance.now();
    process.kill(pid, 'SIGKILL');
    await eventually(async () => {
      const now = await this.state(service).catch(() => undefined);
      return now?.running && now.startedAt !== before.startedAt ? true : undefined;
    }, 90_000, `podman to start ${service} again`);
    return Math.round((performance.now() - started) / 100) / 10;
  }

  /** The last lines of a service's log. */
  async logs(service: ComposeService, lines = 40): Promise<string> {
    const ran = await run('podman', ['logs', '--tail', String(lines), this.container(service)]);
    return ran.stdout + ran.stderr;
  }

  /** What podman holds of the project: its containers, volumes and networks (by label, and by name). */
  async leftovers(): Promise<{ containers: string[]; volumes: string[]; networks: string[] }> {
    const ours = (text: string) => text.split('\n').filter((name) => name.startsWith(`${this.project}_`));
    return {
      containers: ours(await podman(['ps', '--all', '--format', '{{.Names}}'])),
      volumes: ours(await podman(['volume', 'ls', '--format', '{{.Name}}'])),
      networks: ours(await podman(['network', 'ls', '--format', '{{.Name}}'])),
    };
  }

  /**
   * Takes the project down as an operator would (`down --volumes`, each service given 45 s to drain as
   * stop_grace_period says, which podman-compose 1.0 does not read), then removes its network, which
   * podman-compose 1.0's `down` leaves (docs/deploy.md).
   */
  async down(): Promise<void> {
    await this.compose(['down', '--volumes', '--timeout', '45'], 600_000);
    const { networks } = await this.leftovers();
    for (const network of networks) await run('podman', ['network', 'rm', '--force', network]);
    // A volume podman made itself for a container (no project label: podman-compose's `down` misses it).
    for (const volume of VOLUMES) await run('podman', ['volume', 'rm', '--force', `${this.project}_${volume}`]);
  }
}
