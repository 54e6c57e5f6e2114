/**
 * npm run bench:dashboard — 100,000 orders (BENCH_ORDERS) over a year, then times what the owner's
 * back office asks the database for: the dashboard (totals, recent orders, sales per day and week,
 * best sellers) and pages of the orders list (first, deepest, by delivery day, by name). Embedded
 * database and PostgreSQL (when it answers). Prints milliseconds per call; asserts nothing.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/server/config';
import { upkeepOnce } from '../src/server/db/embedded-upkeep';
import { createLogger } from '../src/server/logger';
import { createServices, type Services } from '../src/server/services';
import { seedOrders } from './lib/seed-orders';
import { loadAverage, onTemporaryPostgres } from './lib/server';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const DAYS = Number(process.env.BENCH_DAYS ?? 365);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);

interface Row {
  db: string;
  what: string;
  p50: number;
  p95: number;
  max: number;
}

async function time(fn: () => Promise<unknown>) {
  for (let i = 0; i < 3; i++) await fn();
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await fn();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))]!;
  return { p50: at(0.5), p95: at(0.95), max: ms.at(-1)! };
}

const once = (db: string, what: string, ms: number): Row => ({ db, what, p50: ms, p95: ms, max: ms });

async function run(db: string, env: Record<string, string>): Promise<Row[]> {
  const config = loadConfig({ ...env, LOG_LEVEL: 'silent' });
  const services: Services = await createServices(config, createLogger(config));
  try {
    const t = performance.now();
    await seedOrders(services.db, ORDERS, DAYS);
    console.log(
      `  ${db}: ${ORDERS.toLocaleString('en-GB')} orders seeded in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );
    const deepest = Math.ceil(ORDERS / 20);
    const soon = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const cases: [string, () => Promise<unknown>][] = [
      ['dashboard (all of it, in parallel)', () => services.admin.dashboard.get()],
      ['  sales per day/week + best sellers', () => services.orders.sales()],
      ['  totals + recent orders', () => services.orders.totals()],
      ['orders list, page 1', () => services.orders.listForAdmin({ page: 1 })],
      [`orders list, page ${deepest} (the last)`, () => services.orders.listForAdmin({ page: deepest })],
      ['orders list, one delivery day', () => services.orders.listForAdmin({ day: soon })],
      [
        'orders list, paid, one delivery day',
        () => services.orders.listForAdmin({ day: soon, status: 'paid' }),
      ],
      ['orders list, name search', () => services.orders.listForAdmin({ q: 'Bench Buyer 17' })],
    ];
    const rows: Row[] = [];
    // The dashboard folds the sales changes written since it was last drawn (decision 018): once
    // after the seed (every order's changes at once), then (below) a day's trade at a time.
    let t0 = performance.now();
    await services.admin.dashboard.get();
    rows.push(once(db, 'first dashboard after the seed (folds its changes)', performance.now() - t0));
    for (const [what, fn] of cases) {
      const r = await time(fn);
      rows.push({ db, what, ...r });
      console.log(`  ${db}: ${what}: p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms`);
    }
    if (services.dbKind === 'pglite') {
      // What autovacuum would have done by now on PostgreSQL (the upkeep, every minute), then the lists again.
      t0 = performance.now();
      const tables = await upkeepOnce(services.db);
      rows.push(once(db, `upkeep after the seed (${tables.length} tables)`, performance.now() - t0));
      for (const [what, fn] of cases.filter(([what]) => what.startsWith('orders list'))) {
        const r = await time(fn);
        rows.push({ db, what: `${what}, after the upkeep`, ...r });
        console.log(
          `  ${db}: ${what}, after the upkeep: p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms`,
        );
      }
    }
    const afterTrade: number[] = [];
    for (let i = 0; i < 5; i++) {
      await seedOrders(services.db, 300, 1);
      t0 = performance.now();
      await services.admin.dashboard.get();
      afterTrade.push(performance.now() - t0);
    }
    afterTrade.sort((a, b) => a - b);
    rows.push({
      db,
      what: 'dashboard after 300 new orders (median of 5)',
      p50: afterTrade[2]!,
      p95: afterTrade[4]!,
      max: afterTrade[4]!,
    });
    return rows;
  } finally {
    await services.close();
  }
}

console.log(`Load average before: ${loadAverage()} (${os.cpus().length} cores)`);
const rows: Row[] = [];
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-dashboard-'));
try {
  rows.push(...(await run('embedded', { DATA_DIR: dataDir })));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
rows.push(...((await onTemporaryPostgres('shop_bench_dashboard', (env) => run('postgres', env))) ?? []));

console.log(
  `\n${ORDERS.toLocaleString('en-GB')} orders over ${DAYS} days, ${RUNS} runs each after 3 warm-ups; load average after: ${loadAverage()}\n`,
);
console.log('| database | query | p50 ms | p95 ms | max ms |');
console.log('|---|---|---|---|---|');
for (const r of rows) {
  console.log(
    `| ${r.db} | ${r.what.trim()} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.max.toFixed(1)} |`,
  );
}
