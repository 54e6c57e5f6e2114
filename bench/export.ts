/**
 * npm run bench:export — the orders CSV of 100,000 orders (BENCH_ORDERS) through the running
 * server, as the owner downloads it, while a client keeps asking /api/health one request after
 * another. Prints the export's seconds and size, the server's peak RSS (sampled every 25 ms) and
 * the /api/health latencies during the export. Embedded database and PostgreSQL (when it
 * answers). Asserts only that every order is in the file.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/server/config';
import { createLogger } from '../src/server/logger';
import { createServices } from '../src/server/services';
import { overHttp, signIn } from '../src/test/sign-in';
import { seedOrders } from './lib/seed-orders';
import { loadAverage, onTemporaryPostgres, startServer } from './lib/server';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const PORT = Number(process.env.BENCH_PORT ?? 4211);
const ADMIN = { email: 'bench-owner@shop-bench.example', password: 'bench-password-2026' };

interface Result {
  db: string;
  rows: number;
  mb: number;
  seconds: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  health: { count: number; p50: number; p99: number; max: number };
}

async function seed(env: Record<string, string>) {
  const config = loadConfig({ ...env, LOG_LEVEL: 'silent' });
  const services = await createServices(config, createLogger(config));
  try {
    await seedOrders(services.db, ORDERS);
    await services.accounts.signUp({
      fullName: 'Bench Owner',
      email: ADMIN.email,
      phone: '07123456789',
      address: '1 Bench Street',
      city: 'Shrewsbury',
      postcode: 'SY1 1AA',
      password: ADMIN.password,
    });
    await services.accounts.setAdmin(ADMIN.email, true);
  } finally {
    await services.close();
  }
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

async function run(db: string, env: Record<string, string>): Promise<Result> {
  await seed(env);
  const server = await startServer(env, PORT);
  try {
    const cookie = await signIn(overHttp(server.url), server.url, ADMIN);
    // Warm the server (first page render, first queries), then let it settle.
    await (await fetch(`${server.url}/api/admin/orders?page=1`, { headers: { cookie } })).text();
    await new Promise((r) => setTimeout(r, 1000));
    const rssBeforeMb = server.rssMb();

    let exporting = true;
    let rssPeakMb = rssBeforeMb;
    const sampler = setInterval(() => {
      rssPeakMb = Math.max(rssPeakMb, server.rssMb());
    }, 25);
    const healthMs: number[] = [];
    const health = (async () => {
      while (exporting) {
        const t = performance.now();
        const res = await fetch(`${server.url}/api/health`);
        await res.text();
        healthMs.push(performance.now() - t);
      }
    })();

    const started = performance.now();
    const res = await fetch(`${server.url}/api/admin/orders/export.csv`, { headers: { cookie } });
    if (!res.ok) throw new Error(`export: ${res.status} ${await res.text()}`);
    let bytes = 0;
    let newlines = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      for (const b of chunk) if (b === 10) newlines++;
    }
    const seconds = (performance.now() - started) / 1000;
    exporting = false;
    await health;
    clearInterval(sampler);

    const rows = newlines - 1; // less the header
    if (rows !== ORDERS) throw new Error(`${db}: the file has ${rows} orders, not ${ORDERS}`);
    healthMs.sort((a, b) => a - b);
    const result: Result = {
      db,
      rows,
      mb: bytes / 1024 / 1024,
      seconds,
      rssBeforeMb,
      rssPeakMb,
      health: {
        count: healthMs.length,
        p50: quantile(healthMs, 0.5),
        p99: quantile(healthMs, 0.99),
        max: healthMs.at(-1) ?? 0,
      },
    };
    console.log(`  ${db}: ${JSON.stringify(result)}`);
    return result;
  } finally {
    await server.stop();
  }
}

console.log(`Load average before: ${loadAverage()} (${os.cpus().length} cores)`);
const results: Result[] = [];
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-export-'));
try {
  results.push(await run('embedded', { DATA_DIR: dataDir }));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
const pg = await onTemporaryPostgres('shop_bench_export', (env) => run('postgres', env));
if (pg) results.push(pg);

console.log(`\nLoad average after: ${loadAverage()}\n`);
console.log(
  '| database | orders | file MB | export s | server RSS before MB | peak MB | /api/health during export: requests | p50 ms | p99 ms | max ms |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const r of results) {
  console.log(
    `| ${r.db} | ${r.rows.toLocaleString('en-GB')} | ${r.mb.toFixed(1)} | ${r.seconds.toFixed(1)} | ${r.rssBeforeMb} | ${r.rssPeakMb} | ${r.health.count} | ${r.health.p50.toFixed(1)} | ${r.health.p99.toFixed(1)} | ${r.health.max.toFixed(1)} |`,
  );
}
