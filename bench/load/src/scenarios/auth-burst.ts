/**
 * Sign-up and sign-in bursts, the moment a sale opens: PEOPLE (default 200) people press "Sign Up" at
 * the same moment, then the same people press "Sign In" at the same moment, each from a client
 * address of its own (127.0.x.y), through the gateway with its default limits (one address may hold
 * 64 connections; the bench shop raises SIGN_UP_MAX_PER_ADDRESS for the other scenarios, whose
 * customers sign up from one address). Prints the answers by status, the latency of each burst, the CPU
 * each process (and the whole machine) used meanwhile, and the users service's resident memory.
 * BENCH_AUTH_PEOPLE changes the count.
 */
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { withBenchShop } from '../bench-shop.js';
import { loopbackAddress, ShopClient, type Answer } from '../http.js';
import { ownCpuSeconds, shopProcesses, type PartFigures } from '../processes.js';
import { percentile, sortNumbers } from '../stats.js';

const PEOPLE = Number(process.env.BENCH_AUTH_PEOPLE ?? 200);

interface Person {
  name: string;
  email: string;
  password: string;
}

/** One line: how many answered each status, p50, p99 and max latency, and how long the whole burst took. */
function printBurst(title: string, answers: Answer[], wallMs: number): void {
  const statuses = new Map<number, number>();
  for (const answer of answers) statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
  const byStatus = [...statuses]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status}:${count}`)
    .join(' ');
  const times = sortNumbers(answers.map((answer) => answer.ms));
  const busy = answers.filter((answer) => answer.status === 503);
  const busyNote =
    busy.length === 0
      ? ''
      : `  (503s answered in at most ${Math.max(...busy.map((answer) => answer.ms)).toFixed(0)} ms, Retry-After ${String(busy[0].headers['retry-after'])} s)`;
  console.log(
    `${title.padEnd(38)} ${byStatus.padEnd(18)} p50 ${percentile(times, 0.5).toFixed(0).padStart(6)} ms  p99 ${percentile(times, 0.99).toFixed(0).padStart(6)} ms  ` +
      `max ${(times.at(-1) ?? NaN).toFixed(0).padStart(6)} ms  burst ${(wallMs / 1000).toFixed(1)} s` +
      busyNote,
  );
}

interface Burst {
  answers: Answer[];
  wallMs: number;
  /** CPU seconds each part of the shop (and this bench) used during the burst, most first. */
  cpu: { part: string; seconds: number }[];
  /** CPU seconds the whole machine used during the burst (other work on it included). */
  machineCpuSeconds: number;
}

const TICKS_PER_SECOND = 100;

/** CPU seconds the machine has spent busy (not idle, not waiting for I/O) since it started, from /proc/stat. */
function machineBusySeconds(): number {
  const [user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  return (user + nice + system + irq + softirq + steal) / TICKS_PER_SECOND;
}

/** Sends every call at the same moment (one connection each) and waits for every answer. */
async function burst(shop: { pid: number; prefix: string }, calls: (() => Promise<Answer>)[]): Promise<Burst> {
  const before = shopProcesses(shop.pid, shop.prefix);
  const benchBefore = ownCpuSeconds();
  const machineBefore = machineBusySeconds();
  const started = performance.now();
  const answers = await Promise.all(calls.map((call) => call()));
  const wallMs = performance.now() - started;
  const cpu = cpuUsed(before, shopProcesses(shop.pid, shop.prefix), ownCpuSeconds() - benchBefore);
  return { answers, wallMs, cpu, machineCpuSeconds: machineBusySeconds() - machineBefore };
}

function cpuUsed(before: PartFigures[], after: PartFigures[], benchSeconds: number): { part: string; seconds: number }[] {
  const start = new Map(before.map((entry) => [entry.part, entry.cpuSeconds]));
  return [...after.map((entry) => ({ part: entry.part, seconds: entry.cpuSeconds - (start.get(entry.part) ?? 0) })), { part: 'bench', seconds: benchSeconds }]
    .filter((entry) => entry.seconds >= 0.05)
    .sort((a, b) => b.seconds - a.seconds);
}

function printCpu(result: Burst): void {
  const ours = result.cpu.reduce((sum, entry) => sum + entry.seconds, 0);
  console.log(
    `  CPU seconds during it: ${result.cpu.map((entry) => `${entry.part} ${entry.seconds.toFixed(1)}`).join(', ')}; ` +
      `the machine ${result.machineCpuSeconds.toFixed(1)} of ${((cpus().length * result.wallMs) / 1000).toFixed(1)} ` +
      `(${Math.max(0, result.machineCpuSeconds - ours).toFixed(1)} outside this shop and bench)`,
  );
}

function usersMemoryMb(shop: { pid: number; prefix: string }): string {
  const users = shopProcesses(shop.pid, shop.prefix).find((part) => part.part === 'users');
  return users ? `${users.rssMb.toFixed(0)} MB` : 'not found';
}

export async function authBurst(): Promise<void> {
  console.log(`\n== Sign-up and sign-in bursts: ${PEOPLE} people at once, each from an address of its own, default gateway limits`);
  await withBenchShop({}, async (shop) => {
    // One connection per person, each from an address of its own (127.0.x.y), as people come: one
    // address may hold only MAX_CONNECTIONS_PER_ADDRESS (64) connections to the gateway.
    const clients = Array.from({ length: PEOPLE }, (_, n) => new ShopClient(shop.base, undefined, { connections: 1, localAddress: loopbackAddress(n) }));
    const people: Person[] = Array.from({ length: PEOPLE }, (_, n) => ({
      name: `Burst Person ${n}`,
      email: `burst-${shop.prefix}-${n}@example.com`,
      password: `burst-secret-${n}`,
    }));
    console.log(`users service resident memory before: ${usersMemoryMb(shop)}`);

    const signUps = await burst(
      shop,
      people.map((person, n) => () => clients[n].call('POST', '/api/users', { body: person, name: 'sign-up' })),
    );
    printBurst(`${PEOPLE} sign-ups   POST /api/users`, signUps.answers, signUps.wallMs);
    printCpu(signUps);
    console.log(`users service resident memory after the sign-ups: ${usersMemoryMb(shop)}`);

    const signIns = await burst(
      shop,
      people.map((person, n) => () => clients[n].call('POST', '/api/users/login', { body: { email: person.email, password: person.password }, name: 'sign-in' })),
    );
    printBurst(`${PEOPLE} sign-ins   POST /api/users/login`, signIns.answers, signIns.wallMs);
    printCpu(signIns);
    console.log(`users service resident memory after the sign-ins: ${usersMemoryMb(shop)}`);
    await Promise.all(clients.map((client) => client.close()));
  });
}
