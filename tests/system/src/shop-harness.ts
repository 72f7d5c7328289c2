import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { natsServerConfigOf, type NatsService } from '@shop/contracts';
import { startPayPalStandIn } from '@shop/paypal-stand-in';
import { dropDatabases, freePort, streamStateOf, testPrefix, TestNatsCluster, TestNatsServer, TEST_DATABASE_URL, type StreamState } from '@shop/testing';

const secret = () => randomBytes(18).toString('base64url');

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

export type PartName = 'users' | 'catalog' | 'orders' | 'storefront' | 'gateway';

type PayPalStandIn = Awaited<ReturnType<typeof startPayPalStandIn>>;

interface PartProcess {
  name: PartName;
  port: number;
  readyPath: string;
  env: NodeJS.ProcessEnv;
  child?: ChildProcess;
  output: string;
}

/**
 * The built services and gateway as separate processes, as they run in
 * production, with their own instance prefix, ports, upload folder and NATS
 * server, so a test can stop and restart any of them (NATS included).
 */
export class ShopHarness {
  private constructor(
    readonly prefix: string,
    /** The NATS server; with a cluster, its first node (see `natsCluster`). */
    readonly nats: TestNatsServer,
    /** The JetStream cluster, when the shop was started on one (`natsNodes`). */
    readonly natsCluster: TestNatsCluster | undefined,
    readonly paypal: PayPalStandIn,
    private readonly parts: Map<PartName, PartProcess>,
    private readonly dataDir: string,
    /** The orders service's NATS user: allowed to read its instance's stream, as a test needs. */
    private readonly natsReader: { user: string; pass: string },
  ) {}

  /** The instance's event stream as JetStream reports it: its copies, its leader, its messages. */
  eventStream(): Promise<StreamState> {
    return streamStateOf(this.prefix, this.natsCluster?.url ?? this.nats.url, this.natsReader);
  }

  /** Starts the shop; with `natsNodes`, on a JetStream cluster of that many nodes, the stream kept on each (STREAM_REPLICAS). */
  static async start(env: NodeJS.ProcessEnv = {}, options: { natsNodes?: number } = {}): Promise<ShopHarness> {
    const prefix = testPrefix();
    // NATS as production runs it: each service signs in as its own user, allowed only its own subjects.
    const passwords = { users: secret(), catalog: secret(), orders: secret() };
    const config = (port: number, storeDir: string) => natsServerConfigOf({ host: '127.0.0.1', port, storeDir, prefix, passwords });
    const natsCluster = options.natsNodes ? await TestNatsCluster.start({ nodes: options.natsNodes, config }) : undefined;
    const nats = natsCluster ? natsCluster.nodes[0] : await TestNatsServer.start({ config });
    const natsUser = (service: NatsService) => ({ NATS_USER: service, NATS_PASSWORD: passwords[service] });
    const paypal = await startPayPalStandIn({ clientId: 'sb-system', clientSecret: 'system-secret' });
    const dataDir = mkdtempSync(join(tmpdir(), 'shop-system-'));
    const ports = { gateway: await freePort(), catalog: await freePort(), users: await freePort(), orders: await freePort(), storefront: await freePort(), metrics: await freePort() };
    const url = (port: number) => `http://127.0.0.1:${port}`;
    const common = {
      ...process.env,
      INSTANCE_PREFIX: prefix,
      DATABASE_URL: TEST_DATABASE_URL,
      NATS_URL: natsCluster?.url ?? nats.url,
      ...(natsCluster ? { STREAM_REPLICAS: String(Math.min(3, natsCluster.nodes.length)) } : {}),
      LOG_LEVEL: 'warn',
      UPLOAD_DIR: join(dataDir, 'uploads'),
      // The tests sign many customers up from one address; the limit has its own test in users.
      SIGN_UP_MAX_PER_ADDRESS: '100000',
      ...env,
    };
    const parts = new Map<PartName, PartProcess>([
      ['users', { name: 'users', port: ports.users, readyPath: '/ready', env: { ...common, ...natsUser('users'), ORDERS_URL: url(ports.orders) }, output: '' }],
      [
        'orders',
        {
          name: 'orders',
          port: ports.orders,
          readyPath: '/ready',
          env: { ...common, ...natsUser('orders'), USERS_URL: url(ports.users), PAYPAL_API_BASE: paypal.url, PAYPAL_CLIENT_ID: 'sb-system', PAYPAL_CLIENT_SECRET: 'system-secret' },
          output: '',
        },
      ],
      ['catalog', { name: 'catalog', port: ports.catalog, readyPath: '/ready', env: { ...common, ...natsUser('catalog'), USERS_URL: url(ports.users) }, output: '' }],
      [
        'storefront',
        {
          name: 'storefront',
          port: ports.storefront,
          readyPath: '/ready',
          env: {
            ...common,
            CATALOG_URL: url(ports.catalog),
            USERS_URL: url(ports.users),
            PUBLIC_URL: url(ports.gateway),
            // One client at one address sends every beacon (the hostile corpus sends hundreds): the limit has its own test.
            PAGE_REPORTS_PER_MINUTE: '0',
            // The parts run in this test's folder: the front end's builds by their place in the repository.
            SHELL_DIR: join(repoRoot, 'apps/shell/dist'),
            MF_REMOTES: ['catalog', 'checkout', 'admin'].map((name) => `${name}=${join(repoRoot, `apps/${name}-mf/dist`)}`).join(' '),
          },
          output: '',
        },
      ],
      [
        'gateway',
        {
          // The tests are one client at one address acting for many customers at once (bursts of 150
          // orders, a thousand reads at once): the per-address rate limit and connection cap, which
          // would treat it as one abuser, are the gateway's own tests' business.
          name: 'gateway',
          port: ports.gateway,
          readyPath: '/health',
          env: {
            ...common,
            CATALOG_URL: url(ports.catalog),
            USERS_URL: url(ports.users),
            ORDERS_URL: url(ports.orders),
            STOREFRONT_URL: url(ports.storefront),
            RATE_LIMIT_PER_MINUTE: '100000',
            MAX_CONNECTIONS_PER_ADDRESS: '0',
            METRICS_PORT: String(ports.metrics),
          },
          output: '',
        },
      ],
    ]);
    const harness = new ShopHarness(prefix, nats, natsCluster, paypal, parts, dataDir, { user: 'orders', pass: passwords.orders });
    await Promise.all([...parts.keys()].map((name) => harness.startPart(name)));
    return harness;
  }

  /** The gateway's address for a path. */
  url(path: string): string {
    return `http://127.0.0.1:${this.parts.get('gateway')!.port}${path}`;
  }

  /** Where Prometheus reads a part's metrics: a service's own port, the gateway's METRICS_PORT. */
  metricsUrl(name: PartName): string {
    const part = this.parts.get(name)!;
    return `http://127.0.0.1:${name === 'gateway' ? part.env.METRICS_PORT : part.port}/metrics`;
  }

  /** Starts a part (again) and waits until it is ready. */
  async startPart(name: PartName, waitForReady = true): Promise<void> {
    const part = this.parts.get(name)!;
    const child = spawn(process.execPath, [join(repoRoot, 'services', name, 'dist', 'main.js')], {
      env: { ...part.env, PORT: String(part.port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    part.child = child;
    child.stdout?.on('data', (chunk: Buffer) => (part.output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (part.output += chunk.toString()));
    if (!waitForReady) return;
    const until = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${name} exited:\n${part.output}`);
      try {
        const res = await fetch(`http://127.0.0.1:${part.port}${part.readyPath}`);
        if (res.ok) return;
      } catch {
        // not up yet
      }
      if (Date.now() > until) throw new Error(`${name} not ready in time:\n${part.output}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /** Stops a part the way an orchestrator would (SIGTERM, then SIGKILL). */
  async stopPart(name: PartName, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    const child = this.parts.get(name)!.child;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill(signal);
    });
  }

  /**
   * Runs one of a part's operator commands (`services/{part}/dist/{script}`)
   * with the part's settings, as an operator would; answers its exit code and output.
   */
  async command(name: PartName, script: string, args: string[]): Promise<{ code: number | null; output: string }> {
    const child = spawn(process.execPath, [join(repoRoot, 'services', name, 'dist', script), ...args], {
      env: this.parts.get(name)!.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    return { code, output };
  }

  /** What a part wrote to its output, for diagnosing a failure. */
  output(name: PartName): string {
    return this.parts.get(name)!.output;
  }

  async dispose(): Promise<void> {
    await Promise.all([...this.parts.keys()].map((name) => this.stopPart(name)));
    if (this.natsCluster) await this.natsCluster.dispose();
    else await this.nats.dispose();
    await this.paypal.close();
    await dropDatabases(this.prefix);
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}
