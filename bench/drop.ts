/**
 * npm run bench:drop — drop day: a limited box, 100 a day on three days, is on sale and
 * BENCH_DROP_CUSTOMERS (2,000) customers, each signed in with a session of their own, arrive over
 * BENCH_DROP_SECONDS (60): each opens /shop and the box's page, asks the checkout's quote for the
 * days, checks out on a day with boxes left (another day when that one sells out meanwhile) and
 * pays on the test payment page; one in ten abandons the payment page instead. A 503 is honoured
 * (its Retry-After, then again). Payment pages expire after a minute (CHECKOUT_SESSION_MINUTES=1),
 * so the abandoned boxes come back, and customers who found the box sold out try once more.
 * Runs on the embedded database and on PostgreSQL (when it answers). Prints the outcome of every
 * customer, p50/p99 per step, the time to sell out, how soon the next visitor saw it on the box's
 * page (which the shop keeps for a second: decision 050), CPU and memory; checks in the database
 * afterwards that no day sold more than its 100. Asserts correctness only, never timing.
 */

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { makeSignature } from 'better-auth/crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import { loadConfig } from '../src/server/config';
import { orderItems, orders, products, profiles, sessions, users } from '../src/server/db/schema';
import { createLogger } from '../src/server/logger';
import { createServices } from '../src/server/services';
import { addDays, formatBakeDay, londonDate } from '../src/shared/time/london-time';
import { loadAverage, onTemporaryPostgres, startServer } from './lib/server';
import { vanEveryDay } from './lib/van-every-day';

const CUSTOMERS = Number(process.env.BENCH_DROP_CUSTOMERS ?? 2_000);
const ARRIVAL_SECONDS = Number(process.env.BENCH_DROP_SECONDS ?? 60);
const PORT = Number(process.env.BENCH_PORT ?? 4230);
const ONLY = process.env.BENCH_ONLY;
/** Boxes a day (100 on drop day; fewer for a quick try of the bench itself). */
const PER_DAY = Number(process.env.BENCH_DROP_PER_DAY ?? 100);
const DAYS = 3;
const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', name: 'Drop Customer' };
const BOX = 'Drop Day Christmas Box';
/**
 * The shop's session secret for the run, so the bench can sign the session cookies it seeds:
 * signing 2,000 customers in through the form costs 2,000 password hashes (15 minutes at load 13),
 * and signing in is not what a drop measures.
 */
const SECRET = randomBytes(32).toString('hex');

type Step = 'shop' | 'product' | 'quote' | 'checkout' | 'pay';
/** `busy`: still told to try again after 20 waits of the Retry-After asked: an answer, not an error. */
type Outcome = 'paid' | 'abandoned' | 'sold_out' | 'busy' | 'error';

interface Figures {
  db: string;
  load: string;
  outcomes: Record<Outcome, number>;
  lateOutcomes: Record<Outcome, number>;
  steps: Record<Step, number[]>;
  served503: number;
  closedAndRetried: number;
  errors: string[];
  sellOutS: number | null;
  visibleAfterMs: number | null;
  cpuS: number;
  peakRssMb: number;
  perDay: Record<string, { held: number; paid: number }>;
}

/** Thrown when the shop still asked to wait after 20 tries. */
class GaveUp extends Error {}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
};
const emptyOutcomes = (): Record<Outcome, number> => ({
  paid: 0,
  abandoned: 0,
  sold_out: 0,
  busy: 0,
  error: 0,
});

/** The shop's data before it starts: the box, three delivery days, and the customers' accounts. */
async function seed(env: Record<string, string>, customers: number) {
  const config = loadConfig({ ...env, LOG_LEVEL: 'silent' });
  const services = await createServices(config, createLogger(config));
  try {
    await services.bakeDays.saveTemplate({
      deliveryWeekdays: [0, 1, 2, 3, 4, 5, 6],
      collectionWeekdays: [2],
      workingWeekdays: [0, 1, 2, 3, 4, 5, 6],
      cutoffTime: '14:00',
      cutoffDaysBefore: 1,
      horizonDays: 30,
      // The oven is not what runs out: the box's own limit is.
      capacityCookies: 5_000,
    });
    await vanEveryDay(services);
    const first = addDays(londonDate(new Date()), 3);
    const [box] = await services.db
      .insert(products)
      .values({
        name: BOX,
        description: 'Twelve Christmas cookies, sold on drop day.',
        pricePennies: 2400,
        deliverFrom: first,
        deliverUntil: addDays(first, DAYS - 1),
        dailyLimit: PER_DAY,
      })
      .returning({ id: products.id });
    const ids = Array.from({ length: customers }, (_, i) => `drop-${i}`);
    const cookies: string[] = new Array(customers);
    for (let i = 0; i < ids.length; i += 500) {
      const chunk = ids.slice(i, i + 500);
      await services.db
        .insert(users)
        .values(
          chunk.map((id) => ({ id, name: `Drop ${id}`, email: `${id}@drop.example`, emailVerified: true })),
        );
      await services.db.insert(profiles).values(
        chunk.map((id, j) => ({
          id,
          fullName: 'Drop Customer',
          email: `${id}@drop.example`,
          phone: '07123456789',
          address: `${i + j + 1} High Street`,
          city: 'Shrewsbury',
          postcode: 'SY1 1AA',
        })),
      );
      const tokens = chunk.map(() => randomBytes(24).toString('base64url'));
      await services.db.insert(sessions).values(
        chunk.map((id, j) => ({
          id: `session-${id}`,
          token: tokens[j]!,
          userId: id,
          expiresAt: new Date(Date.now() + 86_400_000),
        })),
      );
      // The cookie better-auth sets at sign-in: the token and its HMAC under the shop's secret.
      for (const [j, token] of tokens.entries())
        cookies[i + j] =
          `better-auth.session_token=${encodeURIComponent(`${token}.${await makeSignature(token, SECRET)}`)}`;
    }
    return {
      productId: box!.id,
      days: Array.from({ length: DAYS }, (_, i) => addDays(first, i)),
      cookies,
    };
  } finally {
    await services.close();
  }
}

/** What the database holds for the box afterwards, per day: units on orders not cancelled, and paid. */
async function countSold(env: Record<string, string>, productId: string) {
  const config = loadConfig({ ...env, LOG_LEVEL: 'silent' });
  const services = await createServices(config, createLogger(config));
  try {
    const rows = await services.db
      .select({
        day: orders.deliveryDate,
        held: sql<number>`sum(${orderItems.quantity})::int`,
        paid: sql<number>`sum(case when ${orders.paidAt} is not null then ${orderItems.quantity} else 0 end)::int`,
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(and(eq(orderItems.productId, productId), ne(orders.status, 'cancelled')))
      .groupBy(orders.deliveryDate);
    return Object.fromEntries(rows.map((r) => [String(r.day), { held: r.held, paid: r.paid }]));
  } finally {
    await services.close();
  }
}

async function run(db: string, env: Record<string, string>): Promise<Figures> {
  const shopEnv = {
    ...env,
    RATE_LIMITS: 'false',
    CHECKOUT_SESSION_MINUTES: '1',
    BACKUP_AT: 'off',
    BETTER_AUTH_SECRET: SECRET,
  };
  const { productId, days, cookies } = await seed(shopEnv, CUSTOMERS);
  const server = await startServer(shopEnv, PORT);
  const f: Figures = {
    db,
    load: '',
    outcomes: emptyOutcomes(),
    lateOutcomes: emptyOutcomes(),
    steps: { shop: [], product: [], quote: [], checkout: [], pay: [] },
    served503: 0,
    closedAndRetried: 0,
    errors: [],
    sellOutS: null,
    visibleAfterMs: null,
    cpuS: 0,
    peakRssMb: 0,
    perDay: {},
  };
  try {
    const account = await fetch(`${server.url}/account`, {
      headers: { cookie: cookies[0]! },
      redirect: 'manual',
    });
    if (account.status !== 200)
      throw new Error(`a seeded session is not signed in: /account answered ${account.status}`);
    const item = { product_id: productId, quantity: 1 };
    const timed = async (step: Step | null, path: string, init: RequestInit = {}): Promise<Response> => {
      // The shop keeps idle connections 65 s, past any Retry-After (shop-server.ts); a close can still race.
      let closed = 0;
      for (let attempt = 0; ; attempt++) {
        const t = performance.now();
        let res: Response;
        try {
          res = await fetch(`${server.url}${path}`, init);
        } catch (error) {
          // A kept-alive connection the server closed as the request went out (its idle timer and
          // ours race at this load): a browser sends the request again on a new one, so does this.
          if (closed++ < 3 && (error as { cause?: { code?: string } }).cause?.code === 'UND_ERR_SOCKET') {
            f.closedAndRetried++;
            continue;
          }
          throw error;
        }
        if (res.status === 503 && attempt < 20) {
          f.served503++;
          await res.arrayBuffer();
          await sleep(1000 * Math.max(1, Number(res.headers.get('retry-after')) || 1));
          continue;
        }
        if (step) f.steps[step].push(performance.now() - t);
        if (res.status === 503) throw new GaveUp();
        if (res.status >= 500) f.errors.push(`${res.status} on ${path}`);
        return res;
      }
    };
    const post = (cookie: string, body: unknown): RequestInit => ({
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url, cookie },
      body: JSON.stringify(body),
    });
    const quoteDays = async (cookie: string) => {
      const res = await timed('quote', '/api/checkout/quote', post(cookie, { items: [item] }));
      const quote = (await res.json()) as {
        limited_days?: { days: { date: string; state: string }[] } | null;
      };
      const open = new Set(quote.limited_days?.days.filter((d) => d.state !== 'full').map((d) => d.date));
      return days.filter((d) => open.has(d));
    };
    /** The days open to a watching visitor, or null while the shop asks them to wait. */
    const openDays = (cookie: string) =>
      quoteDays(cookie).catch((error: Error) => {
        if (error instanceof GaveUp) return null;
        throw error;
      });
    let held = 0;
    let soldOutAt: number | null = null;
    const start = performance.now();

    /** One customer's visit; a returning one (`browse` false) goes straight to checkout and pays. */
    const visit = async (i: number, browse: boolean): Promise<Outcome> => {
      const cookie = cookies[i]!;
      const headers = { cookie };
      if (browse) {
        await (await timed('shop', '/shop', { headers })).arrayBuffer();
        await (await timed('product', `/product/${productId}`, { headers })).arrayBuffer();
      }
      for (let tries = 0; tries < DAYS; tries++) {
        const open = await quoteDays(cookie);
        if (open.length === 0) return 'sold_out';
        const day = open[i % open.length]!;
        const res = await timed(
          'checkout',
          '/api/checkout/create-checkout-session',
          post(cookie, { items: [item], delivery_date: day }),
        );
        if (res.status === 400 || res.status === 409) {
          await res.arrayBuffer();
          continue; // That day sold out meanwhile: ask again.
        }
        if (!res.ok) {
          f.errors.push(`checkout ${res.status}: ${(await res.text()).slice(0, 120)}`);
          return 'error';
        }
        const { sessionId } = (await res.json()) as { sessionId: string };
        if (++held === PER_DAY * DAYS && soldOutAt === null) soldOutAt = performance.now();
        if (browse && i % 10 === 9) return 'abandoned';
        const paid = await timed('pay', `/api/payments/test/sessions/${sessionId}/pay`, post(cookie, CARD));
        if (!paid.ok) {
          f.errors.push(`pay ${paid.status}: ${(await paid.text()).slice(0, 120)}`);
          return 'error';
        }
        await paid.arrayBuffer();
        return 'paid';
      }
      return 'sold_out';
    };

    /** Whether the box's page, as the next visitor gets it, says every day is sold out. */
    const pageSaysSoldOut = async () => {
      const res = await timed(null, `/product/${productId}`).catch((error: Error) => {
        if (error instanceof GaveUp) return null;
        throw error;
      });
      const html = res ? await res.text() : '';
      return days.every((d) => html.includes(`${formatBakeDay(d)}: Sold out for this day`));
    };
    // The next visitor's view: how soon after the last box is held its page says sold out.
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        if (soldOutAt !== null && f.visibleAfterMs === null) {
          if (await pageSaysSoldOut()) f.visibleAfterMs = performance.now() - soldOutAt;
        }
        await sleep(50);
      }
    })();
    const sampler = setInterval(() => {
      f.peakRssMb = Math.max(f.peakRssMb, server.rssMb());
    }, 250);
    const cpuBefore = server.cpuMs();

    console.log(`${db}: ${CUSTOMERS} customers arrive over ${ARRIVAL_SECONDS} s...`);
    const soldOutCustomers: number[] = [];
    await Promise.all(
      Array.from({ length: CUSTOMERS }, async (_, i) => {
        await sleep((i * ARRIVAL_SECONDS * 1000) / CUSTOMERS);
        const outcome = await visit(i, true).catch((error: Error) => {
          if (error instanceof GaveUp) return 'busy' as const;
          f.errors.push(`customer ${i}: ${error.message} (${String((error.cause as Error)?.message ?? '')})`);
          return 'error' as const;
        });
        f.outcomes[outcome]++;
        if (outcome === 'sold_out') soldOutCustomers.push(i);
      }),
    );
    f.sellOutS = soldOutAt === null ? null : (soldOutAt - start) / 1000;

    // The abandoned payment pages expire (a minute, swept every 30 s): their boxes come back, and
    // customers who found the box sold out take them, one as each comes back.
    console.log(`${db}: ${f.outcomes.abandoned} payment pages abandoned; waiting for them to expire...`);
    const deadline = performance.now() + 4 * 60_000;
    let returned = 0;
    while (returned < f.outcomes.abandoned && soldOutCustomers.length && performance.now() < deadline) {
      if (!(await openDays(cookies[0]!))?.length) {
        await sleep(2000);
        continue;
      }
      const late = soldOutCustomers.shift()!;
      const outcome = await visit(late, false).catch((error: Error) => {
        if (error instanceof GaveUp) return 'busy' as const;
        f.errors.push(`returning customer ${late}: ${error.message}`);
        return 'error' as const;
      });
      f.lateOutcomes[outcome]++;
      if (outcome === 'paid') returned++;
    }
    watching = false;
    await watcher;
    clearInterval(sampler);
    f.cpuS = (server.cpuMs() - cpuBefore) / 1000;
    f.load = loadAverage();
  } finally {
    await server.stop();
  }
  f.perDay = await countSold(shopEnv, productId);
  return f;
}

function report(f: Figures) {
  const ms = (xs: number[]) => `${quantile(xs, 0.5).toFixed(0)} / ${quantile(xs, 0.99).toFixed(0)}`;
  const sold = Object.values(f.perDay).reduce((a, d) => a + d.paid, 0);
  const over = Object.entries(f.perDay).filter(([, d]) => d.held > PER_DAY);
  console.log(`\n## ${f.db} (load ${f.load})`);
  console.log(
    `customers: ${JSON.stringify(f.outcomes)}; returning after expiry: ${JSON.stringify(f.lateOutcomes)}`,
  );
  console.log(`boxes paid: ${sold} of ${PER_DAY * DAYS}; per day: ${JSON.stringify(f.perDay)}`);
  console.log(
    `sold out after: ${f.sellOutS?.toFixed(1) ?? 'never'} s; next visitor saw it after ${f.visibleAfterMs?.toFixed(0) ?? '-'} ms`,
  );
  console.log(
    `503 answers honoured: ${f.served503}; connections closed under a request and retried: ${f.closedAndRetried}; 5xx other than 503: ${f.errors.filter((e) => /^5|checkout 5|pay 5/.test(e)).length}`,
  );
  console.log('p50 / p99 ms per step:');
  for (const [step, xs] of Object.entries(f.steps))
    console.log(`  ${step.padEnd(9)} ${ms(xs).padStart(12)}  (${xs.length})`);
  console.log(`shop CPU: ${f.cpuS.toFixed(1)} s; peak RSS ${f.peakRssMb.toFixed(0)} MB`);
  if (f.errors.length) console.log(`errors (first 5): ${f.errors.slice(0, 5).join(' | ')}`);
  const problems: string[] = [];
  if (over.length) problems.push(`oversold: ${JSON.stringify(over)}`);
  if (sold > PER_DAY * DAYS) problems.push(`${sold} paid, more than ${PER_DAY * DAYS}`);
  if (f.outcomes.error + f.lateOutcomes.error > 0) problems.push('some customers got an error');
  return problems;
}

const results: Figures[] = [];
if (ONLY !== 'postgres') {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-drop-'));
  try {
    results.push(await run('embedded', { DATA_DIR: dataDir }));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
if (ONLY !== 'embedded') {
  const r = await onTemporaryPostgres('drop_bench', (env) => run('postgres', env));
  if (r) results.push(r);
}
const problems = results.flatMap(report);
if (problems.length) {
  console.error(`\nPROBLEMS:\n${problems.join('\n')}`);
  process.exit(1);
}
