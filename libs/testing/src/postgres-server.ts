import { execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './nats-server.js';

/** The newest PostgreSQL server programs installed (Debian keeps them in /usr/lib/postgresql/<major>/bin); PG_BIN_DIR overrides. */
function postgresBinDir(): string {
  if (process.env.PG_BIN_DIR) return process.env.PG_BIN_DIR;
  const root = '/usr/lib/postgresql';
  const majors = existsSync(root) ? readdirSync(root).filter((name) => /^\d+$/.test(name)) : [];
  if (majors.length === 0) throw new Error('no PostgreSQL server programs found: install postgresql or set PG_BIN_DIR');
  return join(root, majors.sort((a, b) => Number(a) - Number(b)).at(-1)!, 'bin');
}

/**
 * A PostgreSQL cluster of the test's own (initdb in a temporary folder, its own port), so a test can
 * crash and restart PostgreSQL without touching the machine's. PostgreSQL refuses to run as root:
 * under root its programs run as the `postgres` user, which owns the folder.
 */
export class TestPostgresServer {
  private constructor(
    readonly port: number,
    private readonly dir: string,
    private readonly bin: string,
    private readonly asUser: string[],
  ) {}

  /** The maintenance database's URL (user postgres, no password), as DATABASE_URL takes it. */
  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  /** Creates and starts a cluster on a free port; `settings` become `-c name=value` server settings. */
  static async start(settings: Record<string, string | number> = {}): Promise<TestPostgresServer> {
    const dir = mkdtempSync(join(tmpdir(), 'shop-postgres-'));
    const asUser: string[] = [];
    if (process.getuid?.() === 0) {
      const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
      const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
      chownSync(dir, uid, gid);
      asUser.push('runuser', '-u', 'postgres', '--');
    }
    const server = new TestPostgresServer(await freePort(), dir, postgresBinDir(), asUser);
    await server.run('initdb', ['-D', server.dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync']);
    const options = {
      listen_addresses: '127.0.0.1',
      port: server.port,
      unix_socket_directories: dir,
      // Durable enough for a test: a crash of PostgreSQL (not of the machine) loses nothing without fsync.
      fsync: 'off',
      ...settings,
    };
    const flags = Object.entries(options)
      .map(([name, value]) => `-c ${name}=${value}`)
      .join(' ');
    await server.run('pg_ctl', ['-D', server.dataDir, '-l', server.logFile, '-w', '-t', '60', '-o', flags, 'start']);
    return server;
  }

  private get dataDir(): string {
    return join(this.dir, 'data');
  }

  private get logFile(): string {
    return join(this.dir, 'postgres.log');
  }

  /**
   * Stops the server. `immediate` is a crash (every backend killed, recovery from the WAL at the next
   * start); `fast` an orderly shutdown that disconnects every client.
   */
  async stop(mode: 'immediate' | 'fast' = 'immediate'): Promise<void> {
    await this.run('pg_ctl', ['-D', this.dataDir, '-w', '-m', mode, 'stop']);
  }

  /**
   * Starts the server again with the settings it was created with, stopping it first if it runs
   * (pg_ctl keeps the last start's options in postmaster.opts; `restart` of a stopped server starts it).
   */
  async restart(): Promise<void> {
    await this.run('pg_ctl', ['-D', this.dataDir, '-l', this.logFile, '-w', '-t', '60', 'restart']);
  }

  /** Runs one of PostgreSQL's programs without blocking the test's event loop (its clients keep working meanwhile). */
  private run(program: string, args: string[]): Promise<void> {
    const [command, ...prefix] = [...this.asUser, join(this.bin, program)];
    return new Promise((resolve, reject) => {
      const child = spawn(command, [...prefix, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.once('error', reject);
      child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`${program} failed (${code}): ${output}\n${this.log()}`))));
    });
  }

  /** What the server logged, for diagnosing a failure. */
  log(): string {
    return existsSync(this.logFile) ? readFileSync(this.logFile, 'utf8') : '';
  }

  /** Stops the server and removes its folder. */
  async dispose(): Promise<void> {
    try {
      if (existsSync(join(this.dataDir, 'postmaster.pid'))) await this.stop('immediate');
    } finally {
      rmSync(this.dir, { recursive: true, force: true });
    }
  }
}
