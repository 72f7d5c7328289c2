import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A free TCP port on the loopback interface. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * A NATS server with JetStream of the test's own, so a test can stop and
 * restart it without touching the machine's shared NATS.
 */
export class TestNatsServer {
  private process?: ChildProcess;

  private constructor(
    readonly port: number,
    private readonly storeDir: string,
    /** A configuration file (users, permissions) the server runs with, instead of the plain flags. */
    private readonly configFile?: string,
  ) {}

  get url(): string {
    return `nats://127.0.0.1:${this.port}`;
  }

  /**
   * Starts a server on a free port. With `config`, it runs with the configuration `config` renders
   * for its port and store folder (e.g. one user per service with their permissions).
   */
  static async start(options: { config?: (port: number, storeDir: string) => string; port?: number } = {}): Promise<TestNatsServer> {
    const port = options.port ?? (await freePort());
    const storeDir = mkdtempSync(join(tmpdir(), 'shop-nats-'));
    let configFile: string | undefined;
    if (options.config) {
      configFile = join(storeDir, 'nats.conf');
      writeFileSync(configFile, options.config(port, join(storeDir, 'jetstream')), { mode: 0o600 });
    }
    const server = new TestNatsServer(port, storeDir, configFile);
    await server.restart();
    return server;
  }

  /** Starts the server again on the same port and store. */
  async restart(): Promise<void> {
    const binary = process.env.NATS_SERVER_BIN ?? 'nats-server';
    const args = this.configFile ? ['-c', this.configFile] : ['-a', '127.0.0.1', '-p', String(this.port), '-js', '-sd', this.storeDir];
    const child = spawn(binary, args, {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    this.process = child;
    await new Promise<void>((resolve, reject) => {
      let output = '';
      const timer = setTimeout(() => reject(new Error(`nats-server did not start: ${output}`)), 10_000);
      child.once('error', reject);
      child.stderr?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Server is ready')) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
  }

  /** Stops the server (SIGKILL: kills it, as a crash would) and waits until it has exited. */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    const child = this.process;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill(signal);
    });
    this.process = undefined;
  }

  /** Stops the server and removes its store. */
  async dispose(): Promise<void> {
    await this.stop();
    rmSync(this.storeDir, { recursive: true, force: true });
  }
}

/**
 * A JetStream cluster of the test's own: `nodes` nats-server processes (3 by default) on free ports,
 * routed to each other, so a test can kill one and see the others carry on. `config` renders a
 * node's base configuration as JSON (users and permissions, say); each node adds its name and the
 * cluster's routes to it.
 */
export class TestNatsCluster {
  private constructor(readonly nodes: TestNatsServer[]) {}

  /** The node of a server name (`node-2`), as JetStream names a stream's leader. */
  node(serverName: string): TestNatsServer {
    const node = this.nodes[Number(/^node-(\d+)$/.exec(serverName)?.[1] ?? NaN) - 1];
    if (!node) throw new Error(`no node named ${serverName} in this cluster`);
    return node;
  }

  /** Every node's URL, comma-separated, as NATS_URL takes a cluster. */
  get url(): string {
    return this.nodes.map((node) => node.url).join(',');
  }

  static async start(options: { nodes?: number; config?: (port: number, storeDir: string) => string } = {}): Promise<TestNatsCluster> {
    const count = options.nodes ?? 3;
    const ports = await distinctFreePorts(count * 2);
    const clientPorts = ports.slice(0, count);
    const routePorts = ports.slice(count);
    const nodes = await Promise.all(
      clientPorts.map((port, n) =>
        TestNatsServer.start({
          port,
          config: (clientPort, storeDir) => {
            const base = options.config
              ? (JSON.parse(options.config(clientPort, storeDir)) as Record<string, unknown>)
              : { host: '127.0.0.1', port: clientPort, jetstream: { store_dir: storeDir } };
            return JSON.stringify({
              ...base,
              server_name: `node-${n + 1}`,
              cluster: {
                name: 'shop-test',
                listen: `127.0.0.1:${routePorts[n]}`,
                routes: routePorts.filter((_, other) => other !== n).map((route) => `nats://127.0.0.1:${route}`),
              },
            });
          },
        }),
      ),
    );
    return new TestNatsCluster(nodes);
  }

  async dispose(): Promise<void> {
    await Promise.all(this.nodes.map((node) => node.dispose()));
  }
}

/** `count` free ports, all different. */
async function distinctFreePorts(count: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await freePort());
  return [...ports];
}
