/**
 * npm run bench:visitors — the per-visitor pages through the whole server (session, loaders,
 * database, render) at 50 connections, on the embedded database and on PostgreSQL (when it
 * answers), beside L, the page's render limit in one process (bench:render). Prints each page's
 * L, req/s, ratio, p50, p99, the server's CPU per page (user + system from /proc over the measured
 * run, all its processes) and its RSS: idle after start, and its peak
 * under the load. `BENCH_DURATION` seconds per page (default 10); `BENCH_PAGES=/admin,/account`
 * measures only the pages whose names start so (`/admin` also takes `/admin/orders` ...),
 * `BENCH_ONLY=embedded` or `postgres` one database. Asserts nothing.
 */
import autocannon from 'autocannon';
import { type Credentials, overHttp, signIn } from '../src/test/sign-in';
import { type RouteLimit, renderLimits, type VisitorRoute, visitorRoutes } from './lib/render-limit';
import { benchProcesses, loadAverage, onEachDatabase, type RunningServer, startServer } from './lib/server';
import { CUSTOMER, OWNER, seedVisitorFixture } from './lib/visitor-fixture';

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 4302);
/** How long an idle server is left to settle before its RSS is read (V8 shrinks its heap when idle). */
const SETTLE_MS = 10_000;
const PAGES = process.env.BENCH_PAGES?.split(',');

interface Row {
  page: string;
  db: string;
  limit: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  cpuMsPerPage: number;
  rssMb: number;
}

const signInTo = (server: RunningServer, who: Credentials) => signIn(overHttp(server.url), server.url, who);

async function measure(
  server: RunningServer,
  db: string,
  routes: VisitorRoute[],
  limits: Map<string, RouteLimit>,
): Promise<Row[]> {
  const cookies = { customer: await signInTo(server, CUSTOMER), owner: await signInTo(server, OWNER) };
  const rows: Row[] = [];
  for (const route of routes) {
    const url = `${server.url}${route.path}`;
    const headers = { cookie: cookies[route.as], 'accept-encoding': 'gzip' };
    const check = await fetch(url, { headers, redirect: 'manual' });
    if (check.status !== 200) throw new Error(`${route.path} answered ${check.status} on ${db}`);
    await check.arrayBuffer();
    // Warm up first (route modules load and the JIT compiles on first use), then measure.
    await autocannon({ url, headers, connections: 10, duration: 2 });
    let rssMb = 0;
    const sampler = setInterval(() => {
      rssMb = Math.max(rssMb, server.rssMb());
    }, 250);
    const cpuBefore = server.cpuMs();
    const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION_S });
    const cpuMs = server.cpuMs() - cpuBefore;
    clearInterval(sampler);
    rows.push({
      page: route.name,
      db,
      limit: limits.get(route.name)!.rendersPerSecond,
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.non2xx + result.errors + result.timeouts,
      cpuMsPerPage: cpuMs / (result.requests.total - result.non2xx),
      rssMb,
    });
    console.log(`  measured ${route.name} on ${db}`);
  }
  return rows;
}

async function run(db: string, env: Record<string, string>) {
  const { orderId } = await seedVisitorFixture(env);
  const routes = visitorRoutes(orderId).filter((r) => !PAGES || PAGES.some((p) => r.name.startsWith(p)));
  embeddedLimits ??= await renderLimits(env, routes, 3);
  const limits = embeddedLimits;
  const server = await startServer({ ...env, RATE_LIMITS: 'false' }, PORT);
  try {
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    const idleMb = server.rssMb();
    const rows = await measure(server, db, routes, limits);
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    memory.push({ db, idleMb, peakMb: Math.max(...rows.map((r) => r.rssMb)), afterMb: server.rssMb() });
    all.push(...rows);
  } finally {
    await server.stop();
  }
}

/** L is a property of the pages, not of the database: measured once, on the first database's fixture. */
let embeddedLimits: Map<string, RouteLimit> | undefined;
const all: Row[] = [];
const memory: { db: string; idleMb: number; peakMb: number; afterMb: number }[] = [];
await onEachDatabase('shop_visitors', run);

console.log(
  `\n${CONNECTIONS} connections, ${DURATION_S} s per page; server processes on PostgreSQL (WEB_CONCURRENCY) ${benchProcesses({ DATABASE_URL: 'postgres' })}, RSS summed over them; load average ${loadAverage()}\n`,
);
console.log(
  '| page | database | L renders/s | req/s | ratio | p50 ms | p99 ms | CPU ms per page | peak RSS MB |',
);
console.log('|---|---|---|---|---|---|---|---|---|');
for (const r of all) {
  const errors = r.errors ? ` (${r.errors} failed)` : '';
  console.log(
    `| ${r.page} | ${r.db} | ${Math.round(r.limit)} | ${Math.round(r.rps)}${errors} | ${(r.rps / r.limit).toFixed(2)} | ${r.p50} | ${r.p99} | ${r.cpuMsPerPage.toFixed(1)} | ${r.rssMb} |`,
  );
}
console.log('\n| database | idle RSS MB | peak under load | after load | after / idle |');
console.log('|---|---|---|---|---|');
for (const m of memory) {
  console.log(
    `| ${m.db} | ${m.idleMb} | ${m.peakMb} | ${m.afterMb} | ${(m.afterMb / m.idleMb).toFixed(2)} |`,
  );
}
