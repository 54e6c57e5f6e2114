/**
 * npm run bench:order-cpu — where one order's CPU goes, in one process, one order at a time: a
 * checkout and its payment (sent twice, as bench:checkout sends it) through the whole app
 * (`app.request`: no sockets), and the confirmation e-mail the outbox then sends. Prints the least
 * CPU per order over `BENCH_ROUNDS` rounds of `BENCH_ORDERS` (user + system of this process, the
 * embedded database's thread included; on PostgreSQL, Node's side only) and the statements an
 * order sends, on the embedded database and then on PostgreSQL when it answers. With
 * `node --cpu-prof` (BENCH_PROFILE=1 does it) the profile of the measured rounds is summed by
 * package, so the floor under issue 34's "5 ms of shop CPU per order on PostgreSQL" can be read
 * off: what the driver, the HTTP layer and the libraries cost, whatever the shop's own code does.
 * Asserts nothing.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { createLogger } from '../src/server/logger';
import { createServices } from '../src/server/services';
import { everyDayTemplate } from '../src/test/bake-days';
import { type ListedProduct, plainCookies } from '../src/test/plain-cookie';
import { inProcess, signIn } from '../src/test/sign-in';
import { countQueries } from './lib/count-queries';
import { loadAverage, onTemporaryPostgres } from './lib/server';
import { vanEveryDay } from './lib/van-every-day';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 40);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PROFILE = process.env.BENCH_PROFILE === '1' || !!process.env.BENCH_PROFILE_IN;
const ONLY = process.env.BENCH_ONLY;
/** `BENCH_PROFILE_IN=drizzle-orm`: the profile's functions inside one package (or place), not the packages. */
const PROFILE_IN = process.env.BENCH_PROFILE_IN;
const CUSTOMER = { email: 'order-cpu@shop-bench.example', password: 'bench-password-2026' };
const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', name: 'Bench Customer' };

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

async function measure(db: string, env: Record<string, string>) {
  const config = loadConfig({ ...env, LOG_LEVEL: 'silent', RATE_LIMITS: 'false' });
  const services = await createServices(config, createLogger(config));
  try {
    await services.accounts.signUp({
      fullName: 'Order Cpu',
      email: CUSTOMER.email,
      phone: '07123456789',
      address: '1 Bench Street',
      city: 'Shrewsbury',
      postcode: 'SY1 1AA',
      password: CUSTOMER.password,
    });
    await vanEveryDay(services);
    await services.bakeDays.saveTemplate(everyDayTemplate({ horizonDays: 30, capacityCookies: 100_000 }));
    const app = createApp(services);
    const base = config.publicUrl;
    const cookie = await signIn(inProcess(app, base), base, CUSTOMER);
    const post = async (url: string, body: unknown, withCookie: boolean) => {
      const res = await app.request(`${base}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base, ...(withCookie ? { cookie } : {}) },
        body: JSON.stringify(body),
      });
      const answer = await res.json();
      if (!res.ok) throw new Error(`${url} answered ${res.status}: ${JSON.stringify(answer)}`);
      return answer as { sessionId: string };
    };
    const products = plainCookies(
      ((await (await app.request(`${base}/api/products`)).json()) as { products: ListedProduct[] }).products,
    );
    const items = [0, 1].map((k) => ({ product_id: products[k]!.id, quantity: 2 }));
    const order = async () => {
      const { sessionId } = await post('/api/checkout/create-checkout-session', { items }, true);
      const pay = `/api/payments/test/sessions/${sessionId}/pay`;
      await Promise.all([post(pay, CARD, false), post(pay, CARD, false)]);
      // The e-mails, in the measured rounds, as the shop's worker would send them (logged, no SMTP).
      await services.mail.deliverDue();
    };
    for (let i = 0; i < 20; i++) await order(); // the JIT warms up
    const queries = countQueries();
    queries.take();
    await order();
    const statements = queries.take().length;
    const profiler = PROFILE ? new Session() : null;
    if (profiler) {
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.start');
    }
    let least = Number.POSITIVE_INFINITY;
    for (let r = 0; r < ROUNDS; r++) {
      const started = cpuMs();
      for (let i = 0; i < ORDERS; i++) await order();
      least = Math.min(least, (cpuMs() - started) / ORDERS);
    }
    console.log(
      `\n${db}: ${least.toFixed(2)} ms of CPU per order (least of ${ROUNDS} rounds of ${ORDERS}), ${statements} statements per order; load average ${loadAverage()}`,
    );
    if (profiler) {
      const { profile } = await profiler.post('Profiler.stop');
      printByPackage(profile, ROUNDS * ORDERS);
      profiler.disconnect();
    }
  } finally {
    await services.close();
  }
}

interface ProfileNode {
  id: number;
  callFrame: { url: string; functionName: string };
  hitCount?: number;
}

/** Self time of the profile's samples, summed by where their code lives, ms per order. */
function printByPackage(
  profile: { nodes: ProfileNode[]; samples?: number[]; timeDeltas?: number[] },
  orders: number,
) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const ms = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    const node = byId.get(samples[i]!)!;
    let where = placeOf(node.callFrame.url, node.callFrame.functionName);
    if (PROFILE_IN) {
      if (where !== PROFILE_IN) continue;
      where = `${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.replace(/^.*node_modules\//, '')}`;
    }
    ms.set(where, (ms.get(where) ?? 0) + (deltas[i] ?? 0) / 1000);
  }
  const rows = [...ms].sort((a, b) => b[1] - a[1]).slice(0, 25);
  console.log('\n| where (self time) | ms per order |\n|---|---|');
  for (const [where, total] of rows) console.log(`| ${where} | ${(total / orders).toFixed(2)} |`);
}

function placeOf(url: string, fn: string): string {
  if (!url) return fn.startsWith('(') ? fn : `native: ${fn}`;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  if (pkg) return pkg;
  if (url.startsWith('node:')) return url.split('/')[0]!.replace(/^node:internal$/, 'node:internal');
  const src = /\/src\/(server|shared|app)\/([^/]+)/.exec(url);
  if (src) return `src/${src[1]}/${src[2]}`;
  return url.replace(/^.*\/(build|bench)\//, '$1/');
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-order-cpu-'));
try {
  if (ONLY !== 'postgres') await measure('embedded', { DATA_DIR: dataDir });
  if (ONLY !== 'embedded')
    await onTemporaryPostgres('shop_order_cpu', (env) => measure('PostgreSQL (Node side)', env));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
