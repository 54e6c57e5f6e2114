/**
 * npm run bench:api — req/s and latency of the storefront's hot paths against a raw node:http
 * server returning the same bytes, on the embedded database and on PostgreSQL (when it answers).
 * 50 connections, 10 s each, 500 products in the catalogue. Prints a table; asserts nothing.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { products } from '../src/server/db/schema';
import { ALLERGEN_KEYS } from '../src/shared/food-information';
import { onTemporaryPostgres, type RunningServer, startServer } from './lib/server';

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const PRODUCTS = 500;
/** Where the shop under test listens (one at a time, so both databases can use the same port). */
const PORT = Number(process.env.BENCH_PORT ?? 4301);
/** `BENCH_ONLY=flood`: only the sign-in flood row (a quick rerun of the one figure with a target). */
const FLOOD_ONLY = process.env.BENCH_ONLY === 'flood';
const FLOOD_TARGET = '/shop (10 connections) while 50 clients flood sign-in';

interface Row {
  target: string;
  db: string;
  rps: number;
  p50: number;
  p99: number;
  baselineRps: number;
  rssMb: number;
}

async function seed(env: Record<string, string>) {
  const config = loadConfig({ ...env, LOG_LEVEL: 'silent' });
  const database = await openDatabase(config.database);
  await database.db.insert(products).values(
    Array.from({ length: PRODUCTS }, (_, i) => ({
      name: `Bench Cookie ${i + 1}`,
      description: 'A cookie for measuring the shop: butter, sugar, flour and patience.',
      pricePennies: 300 + (i % 200),
      // Every other cookie is free from peanuts and milk, so the filtered shop lists some.
      allergenInfo: Object.fromEntries(
        ALLERGEN_KEYS.map((k) => [
          k,
          k === 'gluten' || k === 'eggs' || (k === 'milk' && i % 2 === 0) ? 'contains' : 'free_from',
        ]),
      ),
      nutrition: { Energy: '210 kcal', Fat: '10.0 g' },
      createdAt: new Date(Date.now() - i * 1000),
    })),
  );
  await database.close();
}

async function load(url: string, onSample?: () => void) {
  const sampler = onSample ? setInterval(onSample, 500) : undefined;
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
  if (sampler) clearInterval(sampler);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors,
  };
}

/**
 * The same bytes and headers from a bare node:http server in its own process (like the shop, so
 * neither shares an event loop with autocannon): the ceiling for this machine.
 */
async function baseline(body: Buffer, contentType: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-baseline-'));
  const file = path.join(dir, 'body');
  writeFileSync(file, body);
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/lib/raw-server.ts', file, contentType], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const [line] = (await once(child.stdout!, 'data')) as [Buffer];
    const result = await load(`http://127.0.0.1:${Number(line.toString().trim())}/`);
    return result.rps;
  } finally {
    child.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function measure(server: RunningServer, db: string, rows: Row[]) {
  const { products: list } = (await (await fetch(`${server.url}/api/products`)).json()) as {
    products: { id: string }[];
  };
  const productId = list[Math.floor(list.length / 2)]!.id;
  for (const [target, pathname] of [
    ['/shop', '/shop'],
    // A search with "free from" filters and a sort: answered from the page cache like /shop.
    [
      '/shop?q=cookie&free=peanuts&free=milk&sort=price-asc',
      '/shop?q=cookie&free=peanuts&free=milk&sort=price-asc',
    ],
    ['/product/{id}', `/product/${productId}`],
    ['GET /api/products', '/api/products'],
    // The same for everyone until the browser fills in the basket: answered from the page cache.
    ['/cart', '/cart'],
    ['/checkout (no session)', '/checkout'],
  ] as const) {
    const url = `${server.url}${pathname}`;
    const sample = await fetch(url);
    const body = Buffer.from(await sample.arrayBuffer());
    const baselineRps = await baseline(body, sample.headers.get('content-type') ?? 'text/html');
    let rssMb = 0;
    const r = await load(url, () => {
      rssMb = Math.max(rssMb, server.rssMb());
    });
    if (r.errors) console.warn(`  ${target} (${db}): ${r.errors} failed requests`);
    rows.push({ target, db, rps: r.rps, p50: r.p50, p99: r.p99, baselineRps, rssMb });
    console.log(`  measured ${target} on ${db}`);
  }
}

/**
 * Cached /shop (10 connections) while 50 clients flood sign-in with wrong passwords (each one a
 * password hash): the hashing gate must keep the shop quick (p99 under 250 ms).
 */
async function underSignInFlood(server: RunningServer, db: string) {
  const shopUrl = `${server.url}/shop`;
  await fetch(shopUrl); // cached before the flood starts, as it is in a running shop
  let rssMb = 0;
  const sampler = setInterval(() => {
    rssMb = Math.max(rssMb, server.rssMb());
  }, 500);
  const flood = autocannon({
    url: `${server.url}/api/auth/sign-in/email`,
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ email: 'nobody@shropshirecookies.example', password: 'wrong-password' }),
    connections: CONNECTIONS,
    duration: DURATION_S,
  });
  const shop = await autocannon({ url: shopUrl, connections: 10, duration: DURATION_S });
  const signIns = await flood;
  clearInterval(sampler);
  const sample = Buffer.from(await (await fetch(shopUrl)).arrayBuffer());
  const baselineRps = await baseline(sample, 'text/html; charset=utf-8');
  rows.push({
    target: FLOOD_TARGET,
    db,
    rps: shop.requests.average,
    p50: shop.latency.p50,
    p99: shop.latency.p99,
    baselineRps,
    rssMb,
  });
  const line =
    `${FLOOD_TARGET} (${db}): p99 ${shop.latency.p99} ms (target < 250 ms), ${shop.non2xx + shop.errors} failed; ` +
    `sign-ins: ${signIns['4xx']} refused (401), ${signIns['5xx']} told to wait (503), ` +
    `${signIns.errors} errors, p99 ${signIns.latency.p99} ms`;
  console.log(`  ${line}`);
  floodLines.push(line);
}

const floodLines: string[] = [];
const rows: Row[] = [];
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'));
try {
  // No rate limits, so the sign-in flood from one address reaches the password hashing.
  const embeddedEnv = { DATA_DIR: dataDir, RATE_LIMITS: 'false' };
  await seed(embeddedEnv);
  const server = await startServer(embeddedEnv, PORT);
  try {
    if (!FLOOD_ONLY) await measure(server, 'embedded', rows);
    await underSignInFlood(server, 'embedded');
  } finally {
    await server.stop();
  }

  await onTemporaryPostgres('shop_bench', async (pgEnv) => {
    await seed(pgEnv);
    const server = await startServer({ ...pgEnv, RATE_LIMITS: 'false' }, PORT);
    try {
      if (!FLOOD_ONLY) await measure(server, 'postgres', rows);
      await underSignInFlood(server, 'postgres');
    } finally {
      await server.stop();
    }
  });
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

console.log(`\n${CONNECTIONS} connections, ${DURATION_S} s each, ${PRODUCTS} products\n`);
console.log('| target | database | req/s | p50 ms | p99 ms | baseline req/s | ratio | server RSS MB |');
console.log('|---|---|---|---|---|---|---|---|');
for (const r of rows) {
  console.log(
    `| ${r.target} | ${r.db} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${Math.round(r.baselineRps)} | ${((r.rps / r.baselineRps) * 100).toFixed(0)}% | ${r.rssMb} |`,
  );
}
for (const line of floodLines) console.log(`\n${line}`);
