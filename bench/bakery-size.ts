/**
 * npm run bench:bakery-size — a real bakery's size: 100,000 orders in all (BENCH_ORDERS), 300 of
 * them on one bake day (BENCH_DAY_ORDERS), 1,000,000 activity entries (BENCH_ACTIVITY), 50,000
 * reviews (BENCH_REVIEWS) and 5,000 trade invoices (BENCH_INVOICES), seeded with set-based SQL
 * (bench/lib/seed-bakery.ts). Then, through the services the owner's pages call: the bake day's
 * production sheet and labels; the first page of Activity, unfiltered and by each filter; the
 * Xero invoices of the busiest month, every file of it, with rows/s and this process's memory;
 * and through the running server, the product page of the most reviewed cookie at 50 connections
 * beside one without reviews. PostgreSQL first; the embedded database at BENCH_EMBEDDED_SCALE
 * (default 0.2) of every size but the bake day. `BENCH_ONLY=postgres|embedded`. Prints a table;
 * asserts only that what it times holds what was seeded.
 */

import os from 'node:os';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { COUNT_AHEAD } from '../src/server/activity/activity-reads';
import { loadConfig } from '../src/server/config';
import { upkeepOnce } from '../src/server/db/embedded-upkeep';
import { createLogger } from '../src/server/logger';
import { createServices, type Services } from '../src/server/services';
import { addDays, londonDate } from '../src/shared/time/london-time';
import { BENCH_STAFF, seedActivity, seedBakeDay, seedReviews, seedTradeInvoices } from './lib/seed-bakery';
import { seedOrders } from './lib/seed-orders';
import { loadAverage, onEachDatabase, startServer } from './lib/server';

const FULL = {
  orders: Number(process.env.BENCH_ORDERS ?? 100_000),
  dayOrders: Number(process.env.BENCH_DAY_ORDERS ?? 300),
  activity: Number(process.env.BENCH_ACTIVITY ?? 1_000_000),
  reviews: Number(process.env.BENCH_REVIEWS ?? 50_000),
  invoices: Number(process.env.BENCH_INVOICES ?? 5_000),
};
const EMBEDDED_SCALE = Number(process.env.BENCH_EMBEDDED_SCALE ?? 0.2);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const PORT = Number(process.env.BENCH_PORT ?? 4321);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
/** A PostgreSQL database this bench seeded before (at the default sizes): time it, seed nothing. */
const SEEDED = process.env.BENCH_SEEDED_URL;

interface Row {
  db: string;
  what: string;
  figure: string;
  target: string;
}
const rows: Row[] = [];
const say = (row: Row) => {
  rows.push(row);
  console.log(`  ${row.db}: ${row.what}: ${row.figure}${row.target ? ` (target ${row.target})` : ''}`);
};

async function timed(fn: () => Promise<unknown>) {
  for (let i = 0; i < 3; i++) await fn();
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await fn();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))]!;
  return `p50 ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms`;
}

const seconds = (t: number) => `${((performance.now() - t) / 1000).toFixed(1)} s`;

async function seed(services: Services, size: typeof FULL, day: string, db: string) {
  const t = performance.now();
  await seedOrders(services.db, size.orders - size.dayOrders);
  await seedBakeDay(services.db, day, size.dayOrders);
  const tOrders = seconds(t);
  let t0 = performance.now();
  await seedTradeInvoices(services.db, size.invoices);
  await seedReviews(services.db, size.reviews);
  const tRest = seconds(t0);
  t0 = performance.now();
  await seedActivity(services.db, size.activity);
  const tActivity = seconds(t0);
  await services.db.execute(sql`analyze`);
  if (services.dbKind === 'pglite') await upkeepOnce(services.db);
  const count = async (table: string) =>
    Number(
      (
        (await services.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]!.n,
    );
  const held = {
    orders: await count('orders'),
    activity: await count('activity_log'),
    reviews: await count('product_reviews'),
    invoices: await count('trade_invoices'),
  };
  say({
    db,
    what: 'seeded: orders, activity entries, reviews, trade invoices',
    figure: `${held.orders.toLocaleString('en-GB')}, ${held.activity.toLocaleString('en-GB')}, ${held.reviews.toLocaleString('en-GB')}, ${held.invoices.toLocaleString('en-GB')} in ${seconds(t)} (orders ${tOrders}, invoices and reviews ${tRest}, activity ${tActivity})`,
    target: '',
  });
}

/** The seeded bake day of a database seeded before: the delivery day with the most orders. */
async function busiestDay(services: Services): Promise<string> {
  const result = (await services.db.execute(sql`
    select delivery_date::text as day from orders where delivery_date is not null
    group by 1 order by count(*) desc limit 1`)) as unknown as { rows: { day: string }[] };
  return result.rows[0]!.day;
}

/** The month with the most orders paid in it, as YYYY-MM. */
async function busiestMonth(services: Services): Promise<string> {
  const result = (await services.db.execute(sql`
    select to_char(paid_at at time zone 'Europe/London', 'YYYY-MM') as month, count(*) as n
    from orders where paid_at is not null group by 1 order by 2 desc limit 1`)) as unknown as {
    rows: { month: string }[];
  };
  return result.rows[0]!.month;
}

async function xeroMonth(services: Services, db: string) {
  const month = await busiestMonth(services);
  const summary = await services.books.summary({ month });
  const parts = summary.files.filter((f) => f.format === 'xero' && f.kind === 'invoices').length;
  global.gc?.();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 5);
  const t = performance.now();
  let lines = 0;
  let bytes = 0;
  const perPartMs: number[] = [];
  for (let part = 1; part <= parts; part++) {
    const tp = performance.now();
    const file = await services.books.file({ month, format: 'xero', kind: 'invoices', part: String(part) });
    for (const r of file.rows) bytes += r.length;
    lines += file.rows.length;
    perPartMs.push(performance.now() - tp);
  }
  const ms = performance.now() - t;
  clearInterval(sampler);
  const mb = (n: number) => (n / 1024 / 1024).toFixed(0);
  perPartMs.sort((a, b) => a - b);
  say({
    db,
    what: `Xero invoices of ${month} (${summary.invoices.toLocaleString('en-GB')} invoices, ${parts} files of 500)`,
    figure: `${lines.toLocaleString('en-GB')} rows (${(bytes / 1024 / 1024).toFixed(1)} MB) in ${(ms / 1000).toFixed(2)} s: ${Math.round(lines / (ms / 1000)).toLocaleString('en-GB')} rows/s; a file p50 ${perPartMs[Math.floor(parts / 2)]!.toFixed(0)} ms`,
    target: '>= 10,000 rows/s',
  });
  say({
    db,
    what: 'its memory (this process): RSS before -> peak; heap before -> peak',
    figure: `${mb(before.rss)} -> ${mb(peakRss)} MB; ${mb(before.heapUsed)} -> ${mb(peakHeap)} MB`,
    target: 'flat',
  });
}

async function inProcess(services: Services, db: string, day: string, size: typeof FULL) {
  const sheet = await services.production.day(day);
  const cookies = sheet.sheet.products.reduce((n, p) => n + p.cookies, 0);
  const labels = await services.labels.forDay(day);
  say({
    db,
    what: `production sheet, ${day} (${size.dayOrders} orders, ${cookies.toLocaleString('en-GB')} cookies)`,
    figure: await timed(() => services.production.day(day)),
    target: '<= 500 ms',
  });
  say({
    db,
    what: `labels of that day (${labels.labels.length} labels)`,
    figure: await timed(() => services.labels.forDay(day)),
    target: '<= 500 ms',
  });

  // Drawn once per catalogue version for every page with stars (the shop's cards, product pages).
  await services.catalogVersion.changing(async () => {});
  const t = performance.now();
  await services.reviews.summaries();
  say({
    db,
    what: "every product's rating summary, after the catalogue changed (once per version)",
    figure: `${(performance.now() - t).toFixed(1)} ms`,
    target: '',
  });
  const first = await services.activity.list({});
  if (first.total !== Math.min(size.activity, COUNT_AHEAD))
    throw new Error(`activity: ${first.total} entries counted, not ${Math.min(size.activity, COUNT_AHEAD)}`);
  const weekAgo = addDays(londonDate(new Date()), -7);
  const filters: [string, Record<string, string>][] = [
    ['unfiltered', {}],
    ['one person', { person: BENCH_STAFF[3].id }],
    ['one kind (common: order.status)', { kind: 'order.status' }],
    ['one kind (rare: gift-card.issue)', { kind: 'gift-card.issue' }],
    ['one person and a rare kind', { person: BENCH_STAFF[1].id, kind: 'export.orders' }],
    ['a week (from, to)', { from: weekAgo, to: londonDate(new Date()) }],
    ['one record (a bake day)', { record: `bake_day:${addDays(londonDate(new Date()), -30)}` }],
    ['page 2, unfiltered', { page: '2' }],
  ];
  for (const [what, filter] of filters) {
    const page = await services.activity.list(filter);
    say({
      db,
      what: `Activity, first page, ${what} (${page.items.length} shown of ${page.total.toLocaleString('en-GB')})`,
      figure: await timed(() => services.activity.list(filter)),
      target: '<= 100 ms',
    });
  }
  await xeroMonth(services, db);
}

/** The product with the most shown reviews, and an active cookie with none. */
async function productsToLoad(services: Services) {
  const result = (await services.db.execute(sql`
    select (select product_id from product_reviews where status = 'approved'
             group by product_id order by count(*) desc limit 1) as reviewed,
           (select count(*)::int from product_reviews r where r.status = 'approved'
             and r.product_id = (select product_id from product_reviews where status = 'approved'
               group by product_id order by count(*) desc limit 1)) as shown,
           (select id from products p where p.is_active and p.kind = 'cookie'
             and not exists (select 1 from product_reviews r where r.product_id = p.id)
             and not exists (select 1 from product_boxes b where b.product_id = p.id)
             order by name limit 1) as unreviewed`)) as unknown as {
    rows: { reviewed: string; shown: number; unreviewed: string }[];
  };
  return result.rows[0]!;
}

async function productPages(
  env: Record<string, string>,
  db: string,
  picked: Awaited<ReturnType<typeof productsToLoad>>,
) {
  const server = await startServer(env, PORT);
  try {
    const get = async (path: string) => {
      const t = performance.now();
      const res = await fetch(`${server.url}${path}`);
      const body = await res.text();
      if (!res.ok) throw new Error(`${path}: ${res.status}`);
      return { ms: performance.now() - t, kb: body.length / 1024 };
    };
    const cold = await get(`/product/${picked.reviewed}`);
    say({
      db,
      what: `product page with ${picked.shown.toLocaleString('en-GB')} shown reviews: first draw after start`,
      figure: `${cold.ms.toFixed(0)} ms, ${cold.kb.toFixed(0)} KB`,
      target: '',
    });
    const all = await get(`/product/${picked.reviewed}/reviews`);
    say({
      db,
      what: 'its reviews page (every shown review): first draw',
      figure: `${all.ms.toFixed(0)} ms, ${all.kb.toFixed(0)} KB`,
      target: '',
    });
    // In turns, twice each, so a busy machine weighs on both alike; the page cache answers both.
    const pages = [
      ['product page, 50 connections: with reviews', picked.reviewed],
      ['the same, a cookie without reviews', picked.unreviewed],
    ] as const;
    const runs: string[][] = [[], []];
    for (const [i, [, id]] of [...pages.entries(), ...pages.entries()]) {
      await get(`/product/${id}`);
      const r = await autocannon({
        url: `${server.url}/product/${id}`,
        connections: 50,
        duration: DURATION_S,
      });
      runs[i]!.push(
        `${Math.round(r.requests.average).toLocaleString('en-GB')} req/s, p50 ${r.latency.p50} / p99 ${r.latency.p99} ms${r.non2xx + r.errors ? `, ${r.non2xx + r.errors} failed` : ''}`,
      );
    }
    for (const [i, [what]] of pages.entries()) {
      say({
        db,
        what,
        figure: runs[i]!.join('; '),
        target: i === 0 ? 'a cached page; p99 no worse than without reviews' : '',
      });
    }
  } finally {
    await server.stop();
  }
}

async function measure(db: 'embedded' | 'postgres', env: Record<string, string>) {
  const scale = db === 'embedded' ? EMBEDDED_SCALE : 1;
  const size = {
    orders: Math.round(FULL.orders * scale),
    dayOrders: FULL.dayOrders,
    activity: Math.round(FULL.activity * scale),
    reviews: Math.round(FULL.reviews * scale),
    invoices: Math.round(FULL.invoices * scale),
  };
  // A bake day past every seeded order's own day (they are delivered at most two days ahead).
  const day = addDays(londonDate(new Date()), 10);
  console.log(`${db}: load average ${loadAverage()}`);
  const config = loadConfig({ ...env, LOG_LEVEL: 'silent' });
  const services = await createServices(config, createLogger(config));
  let picked: Awaited<ReturnType<typeof productsToLoad>>;
  try {
    if (SEEDED) await services.db.execute(sql`analyze`);
    else await seed(services, size, day, db);
    await inProcess(services, db, SEEDED ? await busiestDay(services) : day, size);
    picked = await productsToLoad(services);
  } finally {
    await services.close();
  }
  await productPages(env, db, picked);
  console.log(`${db}: load average ${loadAverage()}`);
}

const loadBefore = loadAverage();
const started = new Date();
if (SEEDED)
  await measure('postgres', {
    DATABASE_URL: SEEDED,
    BETTER_AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-00',
    PAYMENTS: 'test',
  });
else await onEachDatabase('size_bench', measure);
console.log(
  `\n${os.cpus().length} cores; load average (1, 5, 15 min) before ${loadBefore}, after ${loadAverage()}; ${started.toISOString().slice(0, 16)}-${new Date().toISOString().slice(11, 16)} UTC\n`,
);
console.log('| database | figure | value | target |');
console.log('|---|---|---|---|');
for (const r of rows) console.log(`| ${r.db} | ${r.what} | ${r.figure} | ${r.target} |`);
