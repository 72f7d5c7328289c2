import { execFile, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The repository's root: the build context of the Dockerfile, compose.yaml's folder. */
export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * podman's environment on these machines (deploy/podman/env.sh): its containers.conf (runc, cgroupfs, no
 * default ulimits) and the local base images that stand in for the public ones.
 */
export const podmanEnv: NodeJS.ProcessEnv = {
  ...process.env,
  CONTAINERS_CONF: process.env.CONTAINERS_CONF ?? `${repoRoot}deploy/podman/containers.conf`,
  NODE_IMAGE: process.env.NODE_IMAGE ?? 'localhost/shop-base/node:24.21',
  POSTGRES_IMAGE: process.env.POSTGRES_IMAGE ?? 'localhost/shop-base/postgres:15',
  NATS_IMAGE: process.env.NATS_IMAGE ?? 'localhost/shop-base/nats:2.9',
};

export interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end (podman, podman-compose, kubectl), its output kept; never throws. */
export function run(command: string, args: string[], options: { env?: NodeJS.ProcessEnv; cwd?: string; timeoutMs?: number } = {}): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(
      command,
      args,
      { env: options.env ?? podmanEnv, cwd: options.cwd ?? repoRoot, timeout: options.timeoutMs ?? 120_000, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout: String(stdout), stderr: String(stderr) });
      },
    );
  });
}

/** Runs podman with `args`; throws with its output when it fails. */
export async function podman(args: string[], options: { timeoutMs?: number; cwd?: string } = {}): Promise<string> {
  const ran = await run('podman', args, options);
  if (ran.code !== 0) throw new Error(`podman ${args.join(' ')} failed (${ran.code}):\n${ran.stderr.slice(-4000)}${ran.stdout.slice(-2000)}`);
  return ran.stdout.trim();
}

/** Runs a long command, its output streamed into a log the caller keeps (a build); resolves with its exit code. */
export function runLogged(command: string, args: string[], log: (chunk: string) => void, options: { env?: NodeJS.ProcessEnv; cwd?: string } = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env: options.env ?? podmanEnv, cwd: options.cwd ?? repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk: Buffer) => log(chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => log(chunk.toString()));
    child.once('error', (error) => {
      log(String(error));
      resolve(127);
    });
    child.once('close', (code) => resolve(code ?? 1));
  });
}

/** The ids of every image the machine holds, intermediate build layers included. */
export async function imageIds(): Promise<Set<string>> {
  return new Set((await podman(['images', '--all', '--quiet', '--no-trunc'])).split('\n').filter(Boolean));
}

/** Is podman usable here (installed, and able to run a container with deploy/podman's settings)? */
export async function podmanVersion(): Promise<string | undefined> {
  const ran = await run('podman', ['version', '--format', '{{.Client.Version}}']);
  return ran.code === 0 ? ran.stdout.trim() : undefined;
}
