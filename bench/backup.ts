/**
 * npm run bench:backup — a backup and a restore of a shop with 100,000 orders (BENCH_ORDERS), on
 * the embedded database and on PostgreSQL (when it answers):
 * - the backup is taken by the running shop (embedded: `SIGUSR2`, as `npm run backup` asks it;
 *   PostgreSQL: `npm run backup` beside it) while a client asks /api/health one request after
 *   another: the seconds until the file is written, until it is verified (BACKUP_COMMAND touches
 *   a marker then), the peak RSS of the process taking it, and /api/health's latencies meanwhile;
 * - the restore is `npm run restore` into an empty DATA_DIR / database: its seconds and peak RSS.
 * Asserts only that the restored orders are all there (the restore itself checks every table).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/server/config';
import { createLogger } from '../src/server/logger';
import { createServices } from '../src/server/services';
import { processRssMb, treeRssMb } from './lib/process-tree';
import { seedOrders } from './lib/seed-orders';
import { loadAverage, onTemporaryPostgres, startServer } from './lib/server';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const PORT = Number(process.env.BENCH_PORT ?? 4213);
const root = path.resolve(import.meta.dirname, '..');

interface Result {
  db: string;
  orders: number;
  fileMb: number;
  writtenS: number;
  verifiedS: number;
  backupPeakMb: number;
  /** The shop's own process (embedded: without the backup's child processes; PostgreSQL: the shop beside the CLI). */
  shopPeakMb: number;
  health: { count: number; p50: number; p99: number; max: number };
  restoreS: number;
  restorePeakMb: number;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function seed(env: Record<string, string>) {
  const config = loadConfig({ ...env, LOG_LEVEL: 'silent' });
  const services = await createServices(config, createLogger(config));
  try {
    await seedOrders(services.db, ORDERS);
  } finally {
    await services.close();
  }
}

/** Runs a CLI of the shop (`npm run <script>`'s command) and samples its memory until it ends. */
function runCli(script: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', `src/server/cli/${script}.ts`, ...args],
    {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  let peakMb = 0;
  const sampler = setInterval(() => {
    if (child.pid) peakMb = Math.max(peakMb, treeRssMb(child.pid));
  }, 25);
  return {
    peakMb: () => peakMb,
    done: new Promise<number>((resolve) =>
      child.on('exit', (code) => {
        clearInterval(sampler);
        resolve(code ?? 1);
      }),
    ),
  };
}

const backupsIn = (dir: string) =>
  existsSync(dir) ? readdirSync(dir).filter((f) => /^shop-.*\.jsonl\.gz$/.test(f)) : [];

/** A backup that failed is renamed `*.failed` (backup-service.ts): waiting on would never end. */
function failIfFailed(db: string, dir: string, started: number) {
  if (existsSync(dir) && readdirSync(dir).some((f) => f.endsWith('.failed')))
    throw new Error(`${db}: the backup failed (see the server's log)`);
  if (performance.now() - started > 30 * 60_000) throw new Error(`${db}: no verified backup in 30 minutes`);
}

async function run(
  db: string,
  env: Record<string, string>,
  restoreEnv: Record<string, string>,
): Promise<Result> {
  const backupDir = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-backups-'));
  const shopEnv = {
    ...env,
    BACKUP_DIR: backupDir,
    BACKUP_AT: 'off',
    BACKUP_COMMAND: 'touch {file}.verified',
  };
  try {
    await seed(env);
    const server = await startServer(shopEnv, PORT);
    let file: string;
    let writtenS: number;
    let verifiedS: number;
    let backupPeakMb = 0;
    let shopPeakMb = 0;
    const healthMs: number[] = [];
    try {
      await sleep(1000);
      let watching = true;
      const health = (async () => {
        while (watching) {
          const t = performance.now();
          await (await fetch(`${server.url}/api/health`)).text();
          healthMs.push(performance.now() - t);
        }
      })();
      const started = performance.now();
      // Embedded: the running shop holds the files and takes the backup itself; PostgreSQL: the CLI beside it.
      const cli = db === 'embedded' ? null : runCli('backup', [], shopEnv);
      if (!cli) process.kill(server.pid, 'SIGUSR2');
      const rssOf = () => (cli ? cli.peakMb() : server.rssMb());
      for (;;) {
        backupPeakMb = Math.max(backupPeakMb, rssOf());
        shopPeakMb = Math.max(shopPeakMb, processRssMb(server.pid));
        if (backupsIn(backupDir).length > 0) break;
        failIfFailed(db, backupDir, started);
        await sleep(25);
      }
      writtenS = (performance.now() - started) / 1000;
      file = path.join(backupDir, backupsIn(backupDir)[0]!);
      while (!existsSync(`${file}.verified`)) {
        backupPeakMb = Math.max(backupPeakMb, rssOf());
        shopPeakMb = Math.max(shopPeakMb, processRssMb(server.pid));
        failIfFailed(db, backupDir, started);
        if (
          cli &&
          (await Promise.race([cli.done, sleep(25).then(() => null)])) !== null &&
          !existsSync(`${file}.verified`)
        )
          throw new Error(`${db}: the backup did not verify`);
        await sleep(25);
      }
      verifiedS = (performance.now() - started) / 1000;
      // /api/health measured over the whole backup: snapshot read, file written, verified.
      watching = false;
      await health;
      if (cli) await cli.done;
    } finally {
      await server.stop();
    }

    const restoreStarted = performance.now();
    const restore = runCli('restore', [file], restoreEnv);
    if ((await restore.done) !== 0) throw new Error(`${db}: the restore failed`);
    const restoreS = (performance.now() - restoreStarted) / 1000;
    healthMs.sort((a, b) => a - b);
    const result: Result = {
      db,
      orders: ORDERS,
      fileMb: statSync(file).size / 1024 / 1024,
      writtenS,
      verifiedS,
      backupPeakMb,
      shopPeakMb,
      health: {
        count: healthMs.length,
        p50: quantile(healthMs, 0.5),
        p99: quantile(healthMs, 0.99),
        max: healthMs.at(-1) ?? 0,
      },
      restoreS,
      restorePeakMb: restore.peakMb(),
    };
    console.log(`  ${db}: ${JSON.stringify(result)}`);
    return result;
  } finally {
    rmSync(backupDir, { recursive: true, force: true });
  }
}

console.log(`Load average before: ${loadAverage()} (${os.cpus().length} cores)`);
const results: Result[] = [];
const only = process.env.BENCH_ONLY;
const work = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-backup-'));
try {
  if (only !== 'postgres') {
    // Embedded -> a new embedded DATA_DIR.
    results.push(
      await run('embedded', { DATA_DIR: path.join(work, 'shop') }, { DATA_DIR: path.join(work, 'restored') }),
    );
  }
  if (only !== 'embedded') {
    // PostgreSQL -> a second new PostgreSQL database.
    const pg = await onTemporaryPostgres('backup_bench', (env) =>
      onTemporaryPostgres('backup_bench_restored', (restoreEnv) =>
        run('postgres', env, { ...restoreEnv, BACKUP_DIR: work }),
      ),
    );
    if (pg) results.push(pg);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

console.log(`\nLoad average after: ${loadAverage()}\n`);
console.log(
  '| database | orders | file MB | backup written s | verified s | peak RSS MB (backing up, with its children) | shop process peak RSS MB | /api/health meanwhile: requests | p50 ms | p99 ms | max ms | restore s | restore peak RSS MB |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const r of results) {
  console.log(
    `| ${r.db} | ${r.orders.toLocaleString('en-GB')} | ${r.fileMb.toFixed(1)} | ${r.writtenS.toFixed(1)} | ${r.verifiedS.toFixed(1)} | ${r.backupPeakMb} | ${r.shopPeakMb} | ${r.health.count} | ${r.health.p50.toFixed(1)} | ${r.health.p99.toFixed(1)} | ${r.health.max.toFixed(1)} | ${r.restoreS.toFixed(1)} | ${r.restorePeakMb} |`,
  );
}
