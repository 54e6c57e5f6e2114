/**
 * CPU and memory of processes from /proc: a shop with WEB_CONCURRENCY > 1 is a primary and its
 * node:cluster workers, so its figures are the sum over the process tree; a PostgreSQL server is
 * its backends and its own helper processes. Linux only (/proc); CPU times in ms (10 ms ticks).
 */
import { readdirSync, readFileSync } from 'node:fs';

const TICK_MS = 1000 / 100;

interface Proc {
  pid: number;
  ppid: number;
  /** user + system CPU so far, ms */
  cpuMs: number;
  /** CPU of its children that have ended (and been waited for), ms */
  endedChildrenMs: number;
  rssKb: number;
  cmdline: string;
}

function readProc(pid: number): Proc | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after "pid (comm) "; the name may hold spaces, the closing parenthesis is the last one.
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return {
      pid,
      ppid: Number(f[1]),
      cpuMs: (Number(f[11]) + Number(f[12])) * TICK_MS,
      endedChildrenMs: (Number(f[13]) + Number(f[14])) * TICK_MS,
      rssKb: (Number(f[21]) * 4096) / 1024,
      cmdline: readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim(),
    };
  } catch {
    return null; // ended meanwhile, or not ours to read
  }
}

function allProcs(): Proc[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map((entry) => readProc(Number(entry)))
    .filter((p): p is Proc => p !== null);
}

/** A process and all its descendants. */
function tree(root: number, procs = allProcs()): Proc[] {
  const out: Proc[] = [];
  const queue = [root];
  while (queue.length) {
    const pid = queue.shift()!;
    const proc = procs.find((p) => p.pid === pid);
    if (!proc) continue;
    out.push(proc);
    for (const child of procs) if (child.ppid === pid) queue.push(child.pid);
  }
  return out;
}

/**
 * CPU a process tree has used so far, ms: every live process's own, plus what its ended children
 * used (a worker that died and was replaced still counts).
 */
export function treeCpuMs(root: number): number {
  return tree(root).reduce((sum, p) => sum + p.cpuMs + p.endedChildrenMs, 0);
}

/**
 * CPU so far of each thread of one process, ms, by thread id (from /proc/<pid>/task). The main
 * thread's id is the process's; in the embedded shop the busiest of the others is the database's
 * (decision 022), the rest V8's helpers (GC) and libuv's pool (gzip, password hashing).
 */
export function threadsCpuMs(pid: number): Map<number, number> {
  const out = new Map<number, number>();
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(Number(tid), (Number(f[11]) + Number(f[12])) * TICK_MS);
    }
  } catch {
    // ended meanwhile
  }
  return out;
}

/** Resident memory of one process (not its children), MB; 0 once it has ended. */
export function processRssMb(pid: number): number {
  try {
    const kb = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return Math.round(Number(kb ?? 0) / 1024);
  } catch {
    return 0;
  }
}

/** Resident memory of a process tree, MB (the sum: pages shared between processes count twice). */
export function treeRssMb(root: number): number {
  return Math.round(tree(root).reduce((sum, p) => sum + p.rssKb, 0) / 1024);
}

/**
 * CPU so far of the PostgreSQL processes that work for `database`: its backends (their title
 * reads "postgres: <cluster>: <user> <database> <host>(<port>) <state>", or `[local]` for a Unix socket) and the server's own
 * helpers (WAL writer, checkpointer, background writer, autovacuum), which every database shares.
 * Per pid, so a backend that started in between counts from zero.
 */
export function postgresCpuMs(database: string): Map<number, number> {
  const out = new Map<number, number>();
  for (const p of allProcs()) {
    const title = /^postgres: [^:]+: (.*)$/.exec(p.cmdline)?.[1];
    if (title === undefined) continue;
    const backend = /^\S+ (\S+) (?:\[local\]|[\w.:]+\(\d+\))/.exec(title);
    if (!backend || backend[1] === database) out.set(p.pid, p.cpuMs);
  }
  return out;
}

/** CPU the whole machine has been busy so far, ms, all cores together (from /proc/stat). */
export function machineBusyMs(): number {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  // user nice system idle iowait irq softirq steal: busy is all but idle and iowait.
  const [user, nice, system, , , irq, softirq, steal] = ticks.map(Number) as number[];
  return (user! + nice! + system! + irq! + softirq! + steal!) * TICK_MS;
}
