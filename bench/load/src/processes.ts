/**
 * What the shop's processes cost, read from /proc: resident memory and CPU time of each part the
 * launcher started, of the PostgreSQL backends serving the instance's databases and of nats-server.
 */
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

interface ProcessInfo {
  pid: number;
  ppid: number;
  /** CPU seconds used so far (user + system). */
  cpuSeconds: number;
  rssMb: number;
  cmdline: string;
}

function read(pid: number): ProcessInfo | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces and parentheses: the fields start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
    return {
      pid,
      ppid: Number(fields[1]),
      cpuSeconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND,
      rssMb: rssKb / 1024,
      cmdline,
    };
  } catch {
    return undefined; // gone meanwhile
  }
}

function allProcesses(): ProcessInfo[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => read(Number(name)))
    .filter((info): info is ProcessInfo => info !== undefined);
}

/**
 * The name a bench table gives a process of the shop: the part's name as the launcher gives it, or for a
 * process it does not know, its program (the script a Node process runs), never node's own path.
 */
function partOf(info: ProcessInfo, launcherPid: number): string {
  if (info.pid === launcherPid) return 'launcher';
  const service = /services\/([a-z-]+)\/dist\/main\.js/.exec(info.cmdline);
  if (service) return service[1];
  if (info.cmdline.includes('paypal-stand-in')) return 'paypal';
  if (info.cmdline.includes('embedded-postgres-server')) return 'postgres (PGlite)';
  if (info.cmdline.includes('embedded-postgres-init')) return 'postgres initdb';
  if (info.cmdline.includes('mail-catcher-server')) return 'mail (catcher)';
  // The mail catcher before the shop had its own (a tree before, measured beside this one).
  if (/\/maildev(\/dist)?\/bin\/maildev\.js/.test(info.cmdline)) return 'mail (MailDev)';
  if (/^\S*nats-server( |$)/.test(info.cmdline)) return 'nats';
  const words = info.cmdline.split(' ');
  const script = words.slice(1).find((word) => /\.[cm]?js$/.test(word));
  const program = /(^|\/)node$/.test(words[0] ?? '') && script ? script : words[0];
  return program ? (program.split('/').at(-1) ?? program) : String(info.pid);
}

export interface PartFigures {
  part: string;
  rssMb: number;
  cpuSeconds: number;
}

/**
 * The launcher and every process under it, each with its resident memory and CPU time, in a stable
 * order; with `prefix`, also the PostgreSQL backends of the instance's databases (as one line,
 * `postgres`) and any nats-server outside the shop (`nats (shared)`).
 */
export function shopProcesses(launcherPid: number, prefix?: string): PartFigures[] {
  const processes = allProcesses();
  const children = new Map<number, ProcessInfo[]>();
  for (const info of processes) children.set(info.ppid, [...(children.get(info.ppid) ?? []), info]);
  const ours: ProcessInfo[] = [];
  const visit = (pid: number) => {
    for (const child of children.get(pid) ?? []) {
      ours.push(child);
      visit(child.pid);
    }
  };
  const launcher = processes.find((info) => info.pid === launcherPid);
  if (launcher) ours.push(launcher);
  visit(launcherPid);
  const figures = new Map<string, PartFigures>();
  const add = (part: string, info: ProcessInfo) => {
    const entry = figures.get(part) ?? { part, rssMb: 0, cpuSeconds: 0 };
    entry.rssMb += info.rssMb;
    entry.cpuSeconds += info.cpuSeconds;
    figures.set(part, entry);
  };
  for (const info of ours) add(partOf(info, launcherPid), info);
  if (prefix) {
    const ourPids = new Set(ours.map((info) => info.pid));
    for (const info of processes) {
      if (ourPids.has(info.pid)) continue;
      if (info.cmdline.startsWith('postgres: ') && info.cmdline.includes(` ${prefix}_`)) add('postgres', info);
      else if (info.cmdline.startsWith('/usr/sbin/nats-server') || info.cmdline.startsWith('nats-server')) add('nats (shared)', info);
    }
  }
  return [...figures.values()].sort((a, b) => a.part.localeCompare(b.part));
}

/** Memory of one process, in MB, from /proc/{pid}/smaps. */
export interface ProcessMemory {
  part: string;
  pid: number;
  /** Resident: every page it has in RAM, the pages of files it shares with others (node's binary, libraries) counted in full. */
  rssMb: number;
  /** Resident pages backed by no file (heaps, stacks, WebAssembly memory): this process's own. */
  anonMb: number;
  /** Resident pages of each file it maps (executables, libraries), in MB by path: the same pages may be another process's too. */
  files: Map<string, number>;
}

/** A mapping's name is a file's path, except for memory the kernel names so ([heap], [stack], /memfd:…, /dev/zero, SysV shared memory). */
const isFile = (name: string) => name.startsWith('/') && !name.startsWith('/memfd:') && !name.startsWith('/dev/zero') && !name.startsWith('/SYSV');

function memoryOf(pid: number): Omit<ProcessMemory, 'part' | 'pid'> | undefined {
  let smaps: string;
  try {
    smaps = readFileSync(`/proc/${pid}/smaps`, 'utf8');
  } catch {
    return undefined; // gone meanwhile
  }
  let rssKb = 0;
  let anonKb = 0;
  const fileKb = new Map<string, number>();
  let name = '';
  for (const line of smaps.split('\n')) {
    const mapping = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (mapping) {
      name = mapping[1].replace(/ \(deleted\)$/, '');
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (!rss) continue;
    const kb = Number(rss[1]);
    rssKb += kb;
    if (isFile(name)) fileKb.set(name, (fileKb.get(name) ?? 0) + kb);
    else anonKb += kb;
  }
  return { rssMb: rssKb / 1024, anonMb: anonKb / 1024, files: new Map([...fileKb].map(([file, kb]) => [file, kb / 1024])) };
}

/**
 * What a set of processes takes together: each one's own pages (anonMb) plus the resident pages of each
 * file they map counted once, as the most any of them has resident (node's binary is one file in memory
 * whether one process runs it or six). The pages of a file that different processes touched are not all
 * the same, so this is at least what they take together, and close to it.
 */
export function memoryTogether(processes: readonly ProcessMemory[]): { ownMb: number; filesMb: number; totalMb: number; residentMb: number } {
  const largest = new Map<string, number>();
  for (const process of processes) for (const [file, mb] of process.files) largest.set(file, Math.max(largest.get(file) ?? 0, mb));
  const ownMb = processes.reduce((sum, process) => sum + process.anonMb, 0);
  const filesMb = [...largest.values()].reduce((sum, mb) => sum + mb, 0);
  // The sum of resident MB, which counts a shared file once per process (node's binary six times).
  const residentMb = processes.reduce((sum, process) => sum + process.rssMb, 0);
  return { ownMb, filesMb, totalMb: ownMb + filesMb, residentMb };
}

/** The launcher and every process under it (children, their children…), each with its memory, by part name. */
export function shopMemory(launcherPid: number): ProcessMemory[] {
  const processes = allProcesses();
  const ours = new Set([launcherPid]);
  // Parents come before children in a pass only by chance: repeat until no process joins.
  for (let grown = true; grown; ) {
    grown = false;
    for (const info of processes) {
      if (!ours.has(info.pid) && ours.has(info.ppid)) {
        ours.add(info.pid);
        grown = true;
      }
    }
  }
  return processes
    .filter((info) => ours.has(info.pid))
    .flatMap((info) => {
      const memory = memoryOf(info.pid);
      return memory ? [{ part: partOf(info, launcherPid), pid: info.pid, ...memory }] : [];
    })
    .sort((a, b) => a.part.localeCompare(b.part));
}

/** CPU used by each part between two readings, as a share of one core over `seconds`. */
export function cpuShares(before: PartFigures[], after: PartFigures[], seconds: number): { part: string; percent: number }[] {
  const start = new Map(before.map((entry) => [entry.part, entry.cpuSeconds]));
  return after
    .map((entry) => ({ part: entry.part, percent: ((entry.cpuSeconds - (start.get(entry.part) ?? 0)) / seconds) * 100 }))
    .sort((a, b) => b.percent - a.percent);
}

/** CPU of this process (the load generator) so far, in seconds. */
export function ownCpuSeconds(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
}
