/**
 * npm run bench:checkout — many customers at once start checkouts and pay them on the built-in
 * test payment provider (each payment sent twice at the same moment, as a double click would),
 * then the database is checked: every order exists once, with the right total, paid, with one
 * delivery and one confirmation e-mail. Runs on the embedded database and on PostgreSQL (when it
 * answers). Prints orders per second and latencies; asserts only correctness, never timing.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq, inArray } from 'drizzle-orm';
import { Secret } from 'otpauth';
import { createApp } from '../src/server/app';
import { enrolKnownSecret } from '../src/server/auth/second-factor';
import { type Config, loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { deliveries, emailOutbox, orders, users } from '../src/server/db/schema';
import { decideZone, listZones } from '../src/server/delivery-zones/zones-service';
import { createLogger } from '../src/server/logger';
import { createServices } from '../src/server/services';
import { DiscountCodeFormSchema } from '../src/shared/discounts/discount-code';
import { everyDayTemplate } from '../src/test/bake-days';
import { testBackupCodes } from '../src/test/factories';
import { type ListedProduct, plainCookies } from '../src/test/plain-cookie';
import { inProcess, overHttp, rememberTotpSecret, signIn } from '../src/test/sign-in';
import { countQueries } from './lib/count-queries';
import { RACE_CUSTOMERS, RACE_ROOM, type RaceResult, runDayRace, seedDayRace } from './lib/day-race';
import { busyAnswers, honouringBusy } from './lib/honour-busy';
import { expireAndVerify, type LifecycleFigures, refundUnderLoad } from './lib/lifecycle';
import { machineBusyMs, postgresCpuMs, threadsCpuMs } from './lib/process-tree';
import {
  benchProcesses,
  loadAverage,
  onTemporaryPostgres,
  type RunningServer,
  startServer,
} from './lib/server';
import { vanEveryDay } from './lib/van-every-day';

const USERS = Number(process.env.BENCH_USERS ?? 20);
/** Where the shop under test listens (the embedded run's, then the PostgreSQL run's). */
const PORT = Number(process.env.BENCH_PORT ?? 4303);
const CHECKOUTS_PER_USER = Number(process.env.BENCH_CHECKOUTS ?? 10);
/** `BENCH_ONLY=postgres` (or `embedded`): one database's run only. */
const ONLY = process.env.BENCH_ONLY;
const PASSWORD = 'bench-password-2026';
const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', name: 'Bench Customer' };

/** What delivery to the bench customers' postcode costs: their zone's fee, free over its threshold. */
interface Delivery {
  feePennies: number;
  freeOverPennies: number | null;
}
const deliveryOn = (cookies: number, d: Delivery) =>
  d.freeOverPennies !== null && cookies >= d.freeOverPennies ? 0 : d.feePennies;

interface Placed {
  orderId: string;
  expectedTotal: number;
}

interface Result extends Partial<LifecycleFigures> {
  db: string;
  /** Server processes (WEB_CONCURRENCY). */
  processes: number;
  /** The load average as the round ended. */
  load: string;
  orders: number;
  abandoned: string[];
  seconds: number;
  checkoutMs: number[];
  payMs: number[];
  /** CPU per paid order, ms: the shop's processes (with its embedded database, if any), ... */
  cpu?: CpuPerOrder;
  problems: string[];
  race?: RaceResult;
  /**
   * Statements sent (BEGIN and COMMIT included) for one checkout, for paying it once, for paying
   * it again once paid, and for another order's payment sent twice at the same moment (both).
   */
  queries?: { checkout: number; pay: number; payAgain: number; payTwiceAtOnce: number };
  /** The same checkouts again, each applying a discount code. */
  withCode?: Result;
}

interface CpuPerOrder {
  /** The shop's processes, all together (from /proc). */
  shop: number;
  /** PostgreSQL's backends for this database and its own helpers (0 on the embedded database). */
  postgres: number;
  /** This process: the customers' requests and the checks of their answers. */
  loadGenerator: number;
  /** Every core of the machine busy, whoever used it (from /proc/stat). */
  machine: number;
  /**
   * The shop's main thread, and its busiest other thread (the embedded database's own; on
   * PostgreSQL, libuv's or V8's): each thread runs on one core at a time, so 1,000 / the larger
   * is the most orders a second one process could take, however many cores it had.
   */
  mainThread: number;
  busiestOtherThread: number;
}

/** What each of them has used so far, ms. */
function cpuNow(server: RunningServer, database: string | null) {
  const self = process.cpuUsage();
  return {
    shop: server.cpuMs(),
    postgres: database ? postgresCpuMs(database) : new Map<number, number>(),
    loadGenerator: (self.user + self.system) / 1000,
    machine: machineBusyMs(),
    threads: server.processes === 1 ? threadsCpuMs(server.pid) : new Map<number, number>(),
  };
}

function cpuPerOrder(
  server: RunningServer,
  before: ReturnType<typeof cpuNow>,
  after: ReturnType<typeof cpuNow>,
  n: number,
) {
  let postgres = 0;
  for (const [pid, ms] of after.postgres) postgres += ms - (before.postgres.get(pid) ?? 0);
  const per = (ms: number) => ms / Math.max(n, 1);
  return {
    shop: per(after.shop - before.shop),
    postgres: per(postgres),
    loadGenerator: per(after.loadGenerator - before.loadGenerator),
    machine: per(after.machine - before.machine),
    mainThread: per((after.threads.get(server.pid) ?? 0) - (before.threads.get(server.pid) ?? 0)),
    busiestOtherThread: per(
      Math.max(
        0,
        ...[...after.threads]
          .filter(([tid]) => tid !== server.pid)
          .map(([tid, ms]) => ms - (before.threads.get(tid) ?? 0)),
      ),
    ),
  };
}

/** The database a DATABASE_URL names (its backends' titles carry it). */
const databaseOf = (env: Record<string, string>) =>
  env.DATABASE_URL ? new URL(env.DATABASE_URL).pathname.slice(1) : null;

const emailOf = (i: number) => `bench-${i}@shop-bench.example`;
/** A 10%-off code with no limits: the second round of checkouts applies it. */
const BENCH_CODE = 'BENCH10';
const ADMIN_EMAIL = 'bench-owner@shop-bench.example';

const queries = countQueries();

/**
 * One checkout and its payment through the app in this process, counting the statements each
 * sends to the database. Answers the order (paid) and the counts.
 */
async function countOneOrder(
  config: Config,
  services: Awaited<ReturnType<typeof createServices>>,
  delivery: Delivery,
) {
  const app = createApp(services);
  const post = (url: string, body: unknown, cookie?: string) =>
    app.request(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: config.publicUrl,
        ...(cookie ? { cookie } : {}),
      },
      body: JSON.stringify(body),
    });
  const cookie = await signIn(inProcess(app), config.publicUrl, { email: emailOf(0), password: PASSWORD });
  const products = plainCookies(
    (
      (await json(await app.request('/api/products'))) as {
        products: (ListedProduct & { price_pennies: number })[];
      }
    ).products,
  );
  const items = [0, 1].map((k) => ({ product_id: products[k]!.id, quantity: 2 }));
  // On PostgreSQL the catalogue version is polled every second: a poll inside the counted window
  // made a checkout 13 statements now and then instead of 12.
  services.catalogVersion.stop();
  const checkOut = async () =>
    (await json(await post('/api/checkout/create-checkout-session', { items }, cookie))) as {
      sessionId: string;
      orderId: string;
    };
  const pay = (s: { sessionId: string }) => post(`/api/payments/test/sessions/${s.sessionId}/pay`, CARD);
  queries.take();
  const session = await checkOut();
  const checkout = queries.take();
  await json(await pay(session));
  const paid = queries.take();
  // The customer's second click once the first has answered (the order reads paid).
  await json(await pay(session));
  const paidAgain = queries.take();
  // A second order paid twice at the same moment (the webhook and the customer's return).
  const second = await checkOut();
  queries.take();
  await Promise.all([pay(second), pay(second)].map(async (answer) => json(await answer)));
  const twice = queries.take();
  if (process.env.BENCH_SHOW_QUERIES) {
    console.log(`checkout (${checkout.length}):\n  ${checkout.join('\n  ')}`);
    console.log(`pay (${paid.length}):\n  ${paid.join('\n  ')}`);
    console.log(`pay again (${paidAgain.length}):\n  ${paidAgain.join('\n  ')}`);
    console.log(`pay twice at once (${twice.length}):\n  ${twice.join('\n  ')}`);
  }
  const subtotal = 2 * (products[0]!.price_pennies + products[1]!.price_pennies);
  const expectedTotal = subtotal + deliveryOn(subtotal, delivery);
  return {
    placed: [
      { orderId: session.orderId, expectedTotal },
      { orderId: second.orderId, expectedTotal },
    ],
    counts: {
      checkout: checkout.length,
      pay: paid.length,
      payAgain: paidAgain.length,
      payTwiceAtOnce: twice.length,
    },
  };
}

/** Creates the bench customers (with profiles) before the server opens the database. */
async function seed(env: Record<string, string>) {
  const config = loadConfig({ ...env, LOG_LEVEL: 'silent', RATE_LIMITS: 'false' });
  const services = await createServices(config, createLogger(config));
  for (let i = -1; i < USERS; i++) {
    await services.accounts.signUp({
      fullName: `Bench Customer ${String.fromCharCode(65 + ((i + 26) % 26))}`,
      email: i < 0 ? ADMIN_EMAIL : emailOf(i),
      phone: '07123456789',
      address: `${i + 1} Bench Street`,
      city: 'Shrewsbury',
      postcode: 'SY1 1AA',
      password: PASSWORD,
    });
  }
  await services.accounts.setAdmin(ADMIN_EMAIL, true);
  // The back office asks everyone in it for a second factor: the owner's authenticator is known.
  const [owner] = await services.db.select({ id: users.id }).from(users).where(eq(users.email, ADMIN_EMAIL));
  const secret = new Secret({ size: 20 }).base32;
  await enrolKnownSecret(services.auth, services.db, owner!.id, secret, testBackupCodes());
  rememberTotpSecret(ADMIN_EMAIL, secret);
  await services.discounts.create(
    DiscountCodeFormSchema.parse({ code: BENCH_CODE, kind: 'percent', percent: '10', is_active: true }),
  );
  await vanEveryDay(services);
  // 400 orders of up to 12 cookies: the oven has room every day, so only the race's day fills.
  await services.bakeDays.saveTemplate(everyDayTemplate({ horizonDays: 30, capacityCookies: 5_000 }));
  const raceDate = await seedDayRace(services);
  // The demo's zones decide delivery (the Settings fee only where a shop has none).
  const zone = decideZone(await listZones(services.db), 'SY1 1AA').zone;
  const delivery: Delivery = zone ?? { feePennies: config.shop.deliveryFeePence, freeOverPennies: null };
  // The demo's own orders are there before the bench's: its made-to-order jobs are left out of the
  // counts, and orders on account (its café's, which the standing orders' sweep adds to at start)
  // are not counted at all.
  const { total_revenue_pennies: demoRevenue } = await services.orders.totals();
  const [demo] = await services.db.select({ n: count() }).from(orders).where(eq(orders.onAccount, false));
  const counted = await countOneOrder(config, services, delivery);
  await services.close();
  return { raceDate, counted, delivery, demoOrders: demo!.n, demoRevenue };
}

async function json(res: Response) {
  const body = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`${res.status} ${JSON.stringify(body)}`);
  return body;
}

const signInTo = (server: RunningServer, email: string) =>
  signIn(overHttp(server.url), server.url, { email, password: PASSWORD });

const post = (server: RunningServer, url: string, body: unknown, cookie?: string) =>
  honouringBusy(() =>
    fetch(`${server.url}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    }),
  );

/** Every customer checks out and pays CHECKOUTS_PER_USER times; with `code`, each order applies it. */
async function shop(
  server: RunningServer,
  database: string | null,
  result: Result,
  delivery: Delivery,
  code: string | null = null,
): Promise<Placed[]> {
  const products = plainCookies(
    (
      (await json(await fetch(`${server.url}/api/products`))) as {
        products: (ListedProduct & { price_pennies: number })[];
      }
    ).products,
  );
  // One after another: the shop refuses sign-ins beyond what its password hashing can take at once.
  const cookies: string[] = [];
  for (let i = 0; i < USERS; i++) cookies.push(await signInTo(server, emailOf(i)));
  const placed: Placed[] = [];
  const cpuBefore = cpuNow(server, database);
  const started = performance.now();
  await Promise.all(
    cookies.map(async (cookie, user) => {
      for (let n = 0; n < CHECKOUTS_PER_USER; n++) {
        const lines = [0, 1, 2].slice(0, 1 + ((user + n) % 3)).map((k) => ({
          product: products[(user + n + k) % products.length]!,
          quantity: 1 + ((n + k) % 4),
        }));
        const subtotal = lines.reduce((s, l) => s + l.product.price_pennies * l.quantity, 0);
        const cookies = subtotal - (code ? Math.round(subtotal / 10) : 0);
        const expectedTotal = cookies + deliveryOn(cookies, delivery);
        try {
          let t = performance.now();
          const session = (await json(
            await post(
              server,
              '/api/checkout/create-checkout-session',
              // A tampered price must change nothing: the server prices from the database.
              {
                items: lines.map((l) => ({
                  product_id: l.product.id,
                  quantity: l.quantity,
                  price_pennies: 1,
                })),
                discount_code: code ?? undefined,
              },
              cookie,
            ),
          )) as { sessionId: string; orderId: string };
          result.checkoutMs.push(performance.now() - t);
          t = performance.now();
          const pay = `/api/payments/test/sessions/${session.sessionId}/pay`;
          const answers = await Promise.all([post(server, pay, CARD), post(server, pay, CARD)]);
          await Promise.all(answers.map(json));
          result.payMs.push(performance.now() - t);
          placed.push({ orderId: session.orderId, expectedTotal });
        } catch (err) {
          result.problems.push(`customer ${user}, checkout ${n}: ${(err as Error).message}`);
        }
      }
      // And one basket taken to the payment page and abandoned there.
      if (code) return;
      try {
        const line = { product_id: products[user % products.length]!.id, quantity: 1 };
        const { orderId } = (await json(
          await post(server, '/api/checkout/create-checkout-session', { items: [line] }, cookie),
        )) as { orderId: string };
        result.abandoned.push(orderId);
      } catch (err) {
        result.problems.push(`customer ${user}, abandoned checkout: ${(err as Error).message}`);
      }
    }),
  );
  result.seconds = (performance.now() - started) / 1000;
  result.orders = placed.length;
  result.cpu = cpuPerOrder(server, cpuBefore, cpuNow(server, database), placed.length);
  return placed;
}

/** Reads the database after the server has stopped and lists anything that is not exactly right. */
async function verify(env: Record<string, string>, placed: Placed[], result: Result, demoOrders: number) {
  const config = loadConfig({ ...env, LOG_LEVEL: 'silent' });
  const database = await openDatabase(config.database);
  const { db } = database;
  try {
    const ids = placed.map((p) => p.orderId);
    const rows = ids.length ? await db.select().from(orders).where(inArray(orders.id, ids)) : [];
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const p of placed) {
      const order = byId.get(p.orderId);
      if (!order) result.problems.push(`order ${p.orderId} missing`);
      else if (order.status !== 'paid' || !order.paidAt)
        result.problems.push(`order ${p.orderId} is ${order.status}`);
      else if (order.totalPennies !== p.expectedTotal) {
        result.problems.push(
          `order ${p.orderId} total ${order.totalPennies} (cookies ${order.subtotalPennies}, discount ${order.discountPennies}, delivery ${order.deliveryFeePennies}), expected ${p.expectedTotal}`,
        );
      }
      const [d] = await db.select({ n: count() }).from(deliveries).where(eq(deliveries.orderId, p.orderId));
      if (d!.n !== 1) result.problems.push(`order ${p.orderId} has ${d!.n} deliveries`);
      const [m] = await db
        .select({ n: count() })
        .from(emailOutbox)
        .where(eq(emailOutbox.dedupeKey, `order-confirmation:${p.orderId}`));
      if (m!.n !== 1) result.problems.push(`order ${p.orderId} has ${m!.n} confirmation e-mails`);
    }
    const [all] = await db.select({ n: count() }).from(orders).where(eq(orders.onAccount, false));
    const raced = result.race?.got ?? 0;
    if (all!.n !== demoOrders + placed.length + result.abandoned.length + raced)
      result.problems.push(
        `${all!.n} orders in the database, ${demoOrders} before the run + ${placed.length} paid + ${result.abandoned.length} abandoned + ${raced} raced`,
      );
  } finally {
    await database.close();
  }
}

const emptyResult = (db: string, env: Record<string, string>): Result => ({
  db,
  processes: benchProcesses(env),
  load: '',
  orders: 0,
  abandoned: [],
  seconds: 0,
  checkoutMs: [],
  payMs: [],
  problems: [],
});

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0);
};

/** One line of the checkout table (printed as each round ends, so a later failure keeps it). */
const row = (r: Result) => {
  const cpu = r.cpu ?? {
    shop: 0,
    postgres: 0,
    loadGenerator: 0,
    machine: 0,
    mainThread: 0,
    busiestOtherThread: 0,
  };
  const all = cpu.shop + cpu.postgres + cpu.loadGenerator;
  const ms = [
    cpu.shop,
    cpu.mainThread,
    cpu.busiestOtherThread,
    cpu.postgres,
    cpu.loadGenerator,
    all,
    cpu.machine,
  ]
    .map((m) => m.toFixed(1))
    .join(' | ');
  return `| ${r.db} | ${r.processes} | ${r.orders} | ${r.seconds.toFixed(1)} | ${(r.orders / r.seconds).toFixed(1)} | ${pct(r.checkoutMs, 50)} | ${pct(r.checkoutMs, 99)} | ${pct(r.payMs, 50)} | ${pct(r.payMs, 99)} | ${ms} | ${r.problems.length} | ${r.load} |`;
};

async function run(db: string, env: Record<string, string>, port: number): Promise<Result> {
  const result = emptyResult(db, env);
  const { raceDate, counted, delivery, demoOrders, demoRevenue } = await seed(env);
  result.queries = counted.counts;
  const server = await startServer({ ...env, RATE_LIMITS: 'false' }, port);
  const database = databaseOf(env);
  let placed: Placed[];
  try {
    placed = await shop(server, database, result, delivery);
    result.load = loadAverage();
    console.log(row(result));
    placed.push(...counted.placed);
    result.withCode = { ...emptyResult(`${db}, with ${BENCH_CODE}`, env), abandoned: [] };
    placed.push(...(await shop(server, database, result.withCode, delivery, BENCH_CODE)));
    result.withCode.load = loadAverage();
    console.log(row(result.withCode));
    result.problems.push(...result.withCode.problems);
    // The owner refunds every order while the abandoned ones wait for the sweep.
    const admin = await signInTo(server, ADMIN_EMAIL);
    const refunds = await refundUnderLoad(
      (url, body, cookie) => post(server, url, body, cookie),
      admin,
      placed.map((p) => p.orderId),
      result.problems,
    );
    result.refundSeconds = refunds.seconds;
    result.refundRequests = refunds.requests;
    result.race = await runDayRace(server, raceDate);
    const race = result.race;
    if (race.got !== RACE_ROOM) result.problems.push(`race: ${race.got} got the day, room for ${RACE_ROOM}`);
    for (const o of race.other) result.problems.push(`race: unexpected answer ${o}`);
  } finally {
    await server.stop();
  }
  await verify(env, placed, result, demoOrders);
  Object.assign(result, await expireAndVerify(env, placed, result.abandoned, result.problems, demoRevenue));
  console.log(`  ${db}: ${result.orders} orders in ${result.seconds.toFixed(1)} s`);
  console.log(
    `  ${db} with ${BENCH_CODE}: ${result.withCode?.orders} orders in ${result.withCode?.seconds.toFixed(1)} s`,
  );
  return result;
}

const results: Result[] = [];
if (ONLY !== 'postgres') {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-checkout-'));
  try {
    results.push(await run('embedded', { DATA_DIR: dataDir }, PORT));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
if (ONLY !== 'embedded') {
  const onPostgres = await onTemporaryPostgres('shop_bench_checkout', (env) => run('postgres', env, PORT));
  if (onPostgres) results.push(onPostgres);
}

console.log(
  `\n${USERS} customers at once, ${CHECKOUTS_PER_USER} checkouts each (every payment sent twice) and one abandoned each; then the same again, each order applying ${BENCH_CODE}\n`,
);
console.log(
  "CPU ms per paid order: the shop (all its processes; with one, its main thread and its busiest other thread, the embedded database's), PostgreSQL (its backends for this database and its own helpers), this load generator, those three together, and the whole machine (everything running, from /proc/stat).\n",
);
console.log(
  '| database | server processes | paid orders | seconds | orders/s | checkout p50 ms | p99 | pay p50 ms | p99 | CPU ms per order: shop | shop main thread | shop busiest other thread | PostgreSQL | load generator | together | machine | problems | load average |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const r of results.flatMap((r) => (r.withCode ? [r, r.withCode] : [r]))) console.log(row(r));
console.log('\n| database | queries per checkout | per payment | paid again | sent twice at once (both) |');
console.log('|---|---|---|---|---|');
for (const r of results) {
  const q = r.queries;
  console.log(`| ${r.db} | ${q?.checkout} | ${q?.pay} | ${q?.payAgain} | ${q?.payTwiceAtOnce} |`);
}
console.log(
  '\n| database | refund requests (3 per order at once, 100 orders at a time) | seconds | requests/s | abandoned orders cancelled by two sweeps at once | sweep ms |',
);
console.log('|---|---|---|---|---|---|');
for (const r of results) {
  console.log(
    `| ${r.db} | ${r.refundRequests ?? 0} | ${(r.refundSeconds ?? 0).toFixed(1)} | ${((r.refundRequests ?? 0) / (r.refundSeconds || 1)).toFixed(1)} | ${r.cancelled ?? 0} of ${r.abandoned.length} | ${Math.round((r.sweepSeconds ?? 0) * 1000)} |`,
  );
}
console.log(
  `\nBake-day race: ${RACE_CUSTOMERS} customers at once for one day with room for ${RACE_ROOM} orders\n`,
);
console.log('| database | day | got the day | told it is fully booked | other answers |');
console.log('|---|---|---|---|---|');
for (const r of results) {
  if (r.race)
    console.log(`| ${r.db} | ${r.race.date} | ${r.race.got} | ${r.race.full} | ${r.race.other.length} |`);
}
console.log(
  `\nThe checkout's "very busy" answers honoured (Retry-After, then again): ${busyAnswers.honoured}`,
);
const problems = results.flatMap((r) => r.problems.map((p) => `${r.db}: ${p}`));
if (problems.length) {
  console.log(`\nProblems:\n${problems.slice(0, 20).join('\n')}`);
  process.exitCode = 1;
} else {
  console.log(
    '\nEvery order exists once, with the right total, paid, with one delivery and one e-mail; refunded exactly its total (no request twice); every abandoned order cancelled once.',
  );
}
