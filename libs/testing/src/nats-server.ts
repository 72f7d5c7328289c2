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
  static async start(options: { config?: (port: number, storeDir: string) => string } = {}): Promise<TestNatsServer> {
    const port = await freePort();
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

  /** Stops the server and waits until it has exited. */
  async stop(): Promise<void> {
    const child = this.process;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
    this.process = undefined;
  }

  /** Stops the server and removes its store. */
  async dispose(): Promise<void> {
    await this.stop();
    rmSync(this.storeDir, { recursive: true, force: true });
  }
}
