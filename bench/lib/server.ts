import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { treeCpuMs, treeRssMb } from './process-tree';

const root = path.resolve(import.meta.dirname, '../..');
let built = false;

/**
 * `npm start`'s two steps, as package.json spells them: make sure the build is current (once per
 * benchmark run), then the `serve` script, whose `exec` leaves the shop's own `node` as the child.
 */
function spawnLikeNpmStart(env: NodeJS.ProcessEnv): ChildProcess {
  if (!built) {
    const ensure = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/ensure-build.ts'], {
      cwd: root,
      env,
      stdio: 'inherit',
    });
    if (ensure.status !== 0) throw new Error(`the build failed (${ensure.status ?? ensure.signal})`);
    built = true;
  }
  const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  // The IPC channel carries the primary's word that every worker listens (serve-in-workers.ts).
  const stdio: ['ignore', 'ignore', 'inherit', 'ipc'] = ['ignore', 'ignore', 'inherit', 'ipc'];
  // BENCH_CPU_PROF=<dir>: the same server under `node --cpu-prof` (Node refuses the flag in
  // NODE_OPTIONS); it writes its profile there when it stops (open it in Chrome's DevTools).
  const profileDir = process.env.BENCH_CPU_PROF;
  if (profileDir) {
    const entry = path.join(env.BUILD_DIR ?? 'build', 'shop-server/index.js');
    const args = ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, entry];
    return spawn(process.execPath, args, { cwd: root, env: { ...env, MALLOC_ARENA_MAX: '2' }, stdio });
  }
  return spawn('sh', ['-c', scripts.serve!], { cwd: root, env, stdio });
}

export interface RunningServer {
  url: string;
  pid: number;
  /** Server processes: WEB_CONCURRENCY as the shop got it (always 1 on the embedded database). */
  processes: number;
  /** Resident memory of the server in MB, all its processes together (from /proc). */
  rssMb(): number;
  /** CPU the server has used so far in ms, all its processes together (from /proc). */
  cpuMs(): number;
  stop(): Promise<void>;
}

/**
 * Server processes for the benchmarks' PostgreSQL runs: the bench's own WEB_CONCURRENCY (default
 * 1); the embedded database always runs in one (the shop refuses more).
 */
export const benchProcesses = (env: Record<string, string>) =>
  env.DATABASE_URL ? Number(process.env.WEB_CONCURRENCY ?? 1) : 1;

/** Starts the shop as `npm start` does, with extra env, and waits until healthy. */
export async function startServer(env: Record<string, string>, port: number): Promise<RunningServer> {
  const url = `http://127.0.0.1:${port}`;
  // Something else answering there would be measured (and loaded) instead of this server.
  const taken = await fetch(`${url}/api/health`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`port ${port} is already in use: set BENCH_PORT to a free one`);
  // The shop decides NODE_ENV itself (unset = production without the production checks); a bench
  // run with NODE_ENV=production for its own React must not pass that on.
  const { NODE_ENV: _, ...inherited } = process.env;
  const processes = benchProcesses(env);
  const child = spawnLikeNpmStart({
    ...inherited,
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: url,
    LOG_LEVEL: 'warn',
    WEB_CONCURRENCY: String(processes),
    ...env,
  });
  let allListening = false;
  child.on('message', (m: { listening?: number }) => {
    if (m.listening === processes) allListening = true;
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error('server did not become healthy in 60 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  // The first worker answers before the others listen, and would keep every connection opened
  // meanwhile: wait for the primary to say all of them listen.
  while (processes > 1 && !allListening) {
    if (Date.now() > deadline) throw new Error(`the server's ${processes} processes did not listen in 60 s`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    pid: child.pid!,
    processes,
    rssMb: () => treeRssMb(child.pid!),
    cpuMs: () => treeCpuMs(child.pid!),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** True when a PostgreSQL server answers at the URL. */
export async function postgresAvailable(url: string): Promise<boolean> {
  const pg = await import('pg');
  const client = new pg.default.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** Where the benchmarks look for PostgreSQL. */
export const BENCH_PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * Runs `fn` with the env of a shop on a new PostgreSQL database named `name_<pid>`, dropped
 * afterwards. When PostgreSQL does not answer at BENCH_PG_URL, says so and returns undefined.
 */
export async function onTemporaryPostgres<T>(
  name: string,
  fn: (env: Record<string, string>) => Promise<T>,
): Promise<T | undefined> {
  if (!(await postgresAvailable(BENCH_PG_URL))) {
    console.log(`PostgreSQL not reachable at ${BENCH_PG_URL}: embedded only.`);
    return undefined;
  }
  const pg = await import('pg');
  const dbName = `${name}_${process.pid}`;
  const admin = new pg.default.Client({ connectionString: BENCH_PG_URL });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const url = new URL(BENCH_PG_URL);
  url.pathname = `/${dbName}`;
  try {
    return await fn({
      DATABASE_URL: url.toString(),
      BETTER_AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-00',
      // The benchmarks pay on the built-in test page; production refuses it unless asked for.
      PAYMENTS: 'test',
    });
  } finally {
    // pg's pool.end() resolves before its sockets close; a forced drop at once would kill them
    // mid-goodbye and crash this process with an unhandled 'error' event.
    await new Promise((r) => setTimeout(r, 500));
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
}

/** The machine's load averages (1, 5 and 15 min) as the benchmarks print them beside their figures. */
export const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

/**
 * Runs `measure` on a new embedded database, then on a temporary PostgreSQL one `name_<pid>` when
 * it answers; `BENCH_ONLY=embedded` (or `postgres`) runs one of them.
 */
export async function onEachDatabase(
  name: string,
  measure: (db: 'embedded' | 'postgres', env: Record<string, string>) => Promise<void>,
): Promise<void> {
  const only = process.env.BENCH_ONLY;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  try {
    if (only !== 'postgres') await measure('embedded', { DATA_DIR: dataDir });
    if (only !== 'embedded') await onTemporaryPostgres(name, (env) => measure('postgres', env));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
