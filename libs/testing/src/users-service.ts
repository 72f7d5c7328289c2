/**
 * The real users service for gateway tests that need its answers (sign-in, body limits): its built
 * dist/main.js started on a free port with the test's instance prefix, on the machine's PostgreSQL and NATS.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { eventually, TEST_DATABASE_URL, TEST_NATS_URL } from './instance.js';
import { freePort } from './nats-server.js';

export interface UsersService {
  url: string;
  /** Stops it (SIGTERM) and waits for its exit; its databases are the test's to drop. */
  stop(): Promise<void>;
}

const repo = fileURLToPath(new URL('../../..', import.meta.url));

/** Starts the users service and waits until it says it is ready (30 s at most). */
export async function startUsersService(prefix: string): Promise<UsersService> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const users = spawn(process.execPath, [`${repo}services/users/dist/main.js`], {
    cwd: repo,
    env: { ...process.env, ENV_FILE: '', PORT: String(port), HOST: '127.0.0.1', INSTANCE_PREFIX: prefix, DATABASE_URL: TEST_DATABASE_URL, NATS_URL: TEST_NATS_URL, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const stop = async () => {
    if (users.exitCode !== null || users.signalCode !== null) return;
    const exited = new Promise((resolve) => users.once('exit', resolve));
    users.kill('SIGTERM');
    await exited;
  };
  let said = '';
  users.stderr?.on('data', (chunk: Buffer) => (said += chunk.toString()));
  try {
    await eventually(async () => ((await fetch(`${url}/ready`).catch(() => undefined))?.ok ? true : undefined), 30_000, 'the users service to be ready');
  } catch (error) {
    await stop();
    throw new Error(`${String(error)} (is it built? npx nx build @shop/users)\n${said}`, { cause: error });
  }
  return { url, stop };
}
