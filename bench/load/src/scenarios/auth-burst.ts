/**
 * Sign-up and sign-in bursts, the moment a sale opens: PEOPLE (default 200) people press "Sign Up" at
 * the same moment, then the same people press "Sign In" at the same moment, each from a client
 * address of its own (127.0.x.y), through the gateway, with every setting at the shop's default (one
 * address may hold 64 connections, and sign up 20 accounts an hour). A person answered 503
 * with Retry-After waits that long and presses again, as a patient person does; their time runs from
 * the first press to the last answer. Prints the answers by status, the latency of each burst, how
 * much of it the users service's password queue and argon2 took (its `Server-Timing`), the CPU each
 * process (and the whole machine) used meanwhile, and the users service's resident memory.
 * BENCH_AUTH_PEOPLE changes the count.
 */
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { withBenchShop } from '../bench-shop.js';
import { loopbackAddress, ShopClient, type Answer } from '../http.js';
import { ownCpuSeconds, shopProcesses, type PartFigures } from '../processes.js';
import { percentile, sortNumbers } from '../stats.js';

const PEOPLE = Number(process.env.BENCH_AUTH_PEOPLE ?? 200);

/** How often a person presses again after a 503 with Retry-After before giving up. */
const MAX_PRESSES = 4;

/** One person's press and the presses that followed 503s: the last answer, the whole time, and how many 503s came first. */
interface Outcome extends Answer {
  busyAnswers: number;
}

/** Presses until the answer is not a 503 with Retry-After (at most MAX_PRESSES times), waiting as Retry-After says. */
async function pressUntilServed(call: () => Promise<Answer>): Promise<Outcome> {
  const started = performance.now();
  let busyAnswers = 0;
  for (;;) {
    const answer = await call();
    const retryAfter = Number(answer.headers['retry-after']);
    if (answer.status !== 503 || !(retryAfter >= 0) || busyAnswers + 1 >= MAX_PRESSES) {
      return { ...answer, ms: performance.now() - started, busyAnswers };
    }
    busyAnswers++;
    await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000));
  }
}

/** The durations of a `Server-Timing` header by name (`password-queue;dur=12.5, password-hash;dur=6.1`). */
function serverTimings(header: unknown): Map<string, number> {
  const timings = new Map<string, number>();
  for (const entry of String(header ?? '').split(',')) {
    const [name, ...params] = entry.trim().split(';');
    const dur = params.map((param) => /^dur=([\d.]+)$/.exec(param.trim())).find(Boolean);
    if (name && dur) timings.set(name, Number(dur[1]));
  }
  return timings;
}

/** p50 and p99 of `values`, in ms. */
const spread = (values: number[]): string => {
  const sorted = sortNumbers(values);
  return `p50 ${percentile(sorted, 0.5).toFixed(0)} ms, p99 ${percentile(sorted, 0.99).toFixed(0)} ms`;
};

/** Where the answers' time went: the wait for a turn in the password queue, argon2 itself, and everything else. */
function printPasswordWork(outcomes: Outcome[]): void {
  const timed = outcomes.map((outcome) => ({ outcome, timings: serverTimings(outcome.headers['server-timing']) })).filter(({ timings }) => timings.has('password-hash'));
  if (timed.length === 0) {
    console.log('  password work: no answer carried Server-Timing');
    return;
  }
  const queue = timed.map(({ timings }) => timings.get('password-queue') ?? 0);
  const hash = timed.map(({ timings }) => timings.get('password-hash') ?? 0);
  const rest = timed.map(({ outcome, timings }) => outcome.ms - (timings.get('password-queue') ?? 0) - (timings.get('password-hash') ?? 0));
  console.log(`  of ${timed.length} answers: waiting in the password queue ${spread(queue)}; argon2 ${spread(hash)}; everything else ${spread(rest)}`);
}

interface Person {
  name: string;
  email: string;
  password: string;
}

/** One line: how many answered each status, p50, p99 and max latency, and how long the whole burst took. */
function printBurst(title: string, answers: Outcome[], wallMs: number): void {
  const statuses = new Map<number, number>();
  for (const answer of answers) statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
  const byStatus = [...statuses]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status}:${count}`)
    .join(' ');
  const times = sortNumbers(answers.map((answer) => answer.ms));
  const waitedOut = answers.filter((answer) => answer.busyAnswers > 0);
  const busyNote =
    waitedOut.length === 0
      ? ''
      : `  (${waitedOut.length} people were answered 503 first and waited out Retry-After, ${waitedOut.reduce((sum, answer) => sum + answer.busyAnswers, 0)} times in all)`;
  console.log(
    `${title.padEnd(38)} ${byStatus.padEnd(18)} p50 ${percentile(times, 0.5).toFixed(0).padStart(6)} ms  p99 ${percentile(times, 0.99).toFixed(0).padStart(6)} ms  ` +
      `max ${(times.at(-1) ?? NaN).toFixed(0).padStart(6)} ms  burst ${(wallMs / 1000).toFixed(1)} s` +
      busyNote,
  );
}

interface Burst {
  answers: Outcome[];
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
  const answers = await Promise.all(calls.map((call) => pressUntilServed(call)));
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
    `  CPU seconds during it (share of one core): ${result.cpu.map((entry) => `${entry.part} ${entry.seconds.toFixed(1)} (${((entry.seconds * 100_000) / result.wallMs).toFixed(0)} %)`).join(', ')}; ` +
      `the machine ${result.machineCpuSeconds.toFixed(1)} of ${((cpus().length * result.wallMs) / 1000).toFixed(1)} ` +
      `(${Math.max(0, result.machineCpuSeconds - ours).toFixed(1)} outside this shop and bench)`,
  );
}

/** CPU seconds the shop's own processes (not the shared NATS) have used so far. */
const shopCpuSeconds = (shop: { pid: number; prefix: string }): number =>
  shopProcesses(shop.pid, shop.prefix)
    .filter((part) => part.part !== 'nats (shared)')
    .reduce((sum, part) => sum + part.cpuSeconds, 0);

/**
 * Waits until the freshly started shop has settled (its processes used less than a tenth of a core
 * over half a second: start-up, the catalog being stocked), at most 20 s, so that a burst is measured
 * against an idle shop; answers how long that took.
 */
async function settled(shop: { pid: number; prefix: string }): Promise<number> {
  const started = performance.now();
  let before = shopCpuSeconds(shop);
  while (performance.now() - started < 20_000) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = shopCpuSeconds(shop);
    if (now - before < 0.05) break;
    before = now;
  }
  return performance.now() - started;
}

function usersMemoryMb(shop: { pid: number; prefix: string }): string {
  const users = shopProcesses(shop.pid, shop.prefix).find((part) => part.part === 'users');
  return users ? `${users.rssMb.toFixed(0)} MB` : 'not found';
}

export async function authBurst(): Promise<void> {
  console.log(`\n== Sign-up and sign-in bursts: ${PEOPLE} people at once, each from an address of its own`);
  // No setting changed: withBenchShop prints the harness's own (LOG_LEVEL, the bench's admin account).
  await withBenchShop({}, async (shop) => {
    // One connection per person, each from an address of its own (127.0.x.y), as people come: one
    // address may hold only MAX_CONNECTIONS_PER_ADDRESS (64) connections to the gateway.
    const clients = Array.from({ length: PEOPLE }, (_, n) => new ShopClient(shop.base, undefined, { connections: 1, localAddress: loopbackAddress(n) }));
    const people: Person[] = Array.from({ length: PEOPLE }, (_, n) => ({
      name: `Burst Person ${n}`,
      email: `burst-${shop.prefix}-${n}@example.com`,
      password: `burst-secret-${n}`,
    }));
    console.log(`shop settled ${(await settled(shop) / 1000).toFixed(1)} s after it started; users service resident memory before: ${usersMemoryMb(shop)}`);

    const signUps = await burst(
      shop,
      people.map((person, n) => () => clients[n].call('POST', '/api/users', { body: person, name: 'sign-up' })),
    );
    printBurst(`${PEOPLE} sign-ups   POST /api/users`, signUps.answers, signUps.wallMs);
    printPasswordWork(signUps.answers);
    printCpu(signUps);
    console.log(`users service resident memory after the sign-ups: ${usersMemoryMb(shop)}`);

    const signIns = await burst(
      shop,
      people.map((person, n) => () => clients[n].call('POST', '/api/users/login', { body: { email: person.email, password: person.password }, name: 'sign-in' })),
    );
    printBurst(`${PEOPLE} sign-ins   POST /api/users/login`, signIns.answers, signIns.wallMs);
    printPasswordWork(signIns.answers);
    printCpu(signIns);
    console.log(`users service resident memory after the sign-ins: ${usersMemoryMb(shop)}`);
    await Promise.all(clients.map((client) => client.close()));
  });
}
