/**
 * npm run bench:order-cpu — where one order's CPU goes, in one process, one order at a time: a
 * checkout and its payment (sent twice, as bench:checkout sends it) through the whole app
 * (`app.request`: no sockets), and the confirmation e-mail the outbox then sends. Prints the least
 * CPU per order over `BENCH_ROUNDS` rounds of `BENCH_ORDERS` (user + system of this process, the
 * embedded database's thread included; on PostgreSQL, Node's side only) and the statements an
 * order sends, on the embedded database and then on PostgreSQL when it answers.
 * `BENCH_CPU_PROF=<dir>` writes the measured rounds' CPU profile there, to sum by layer with
 * bench/profile-layers.ts (per order): what the driver, the HTTP layer and the libraries cost,
 * whatever the shop's own code does (the "5 ms of shop CPU per order on PostgreSQL").
 * `BENCH_ONLY=embedded` or `postgres` one database; `BENCH_SHOW_QUERIES=1` prints each step's
 * statements. Asserts nothing.
 */

import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { createApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { createLogger } from '../src/server/logger';
import { createServices } from '../src/server/services';
import { everyDayTemplate } from '../src/test/bake-days';
import { type ListedProduct, plainCookies } from '../src/test/plain-cookie';
import { inProcess, signIn } from '../src/test/sign-in';
import { countQueries } from './lib/count-queries';
import { loadAverage, onEachDatabase } from './lib/server';
import { vanEveryDay } from './lib/van-every-day';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 40);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/** A folder: the measured rounds' CPU profile is written there (sum it with bench/profile-layers.ts). */
const PROFILE_DIR = process.env.BENCH_CPU_PROF;
const CUSTOMER = { email: 'order-cpu@shop-bench.example', password: 'bench-password-2026' };
const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', name: 'Bench Customer' };

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

async function measure(db: string, env: Record<string, string>) {
  const config = loadConfig({
    ...env,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
    RATE_LIMITS: 'false',
  });
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
    const order = async (step: (name: string) => void = () => {}) => {
      const { sessionId } = await post('/api/checkout/create-checkout-session', { items }, true);
      step('checkout');
      const pay = `/api/payments/test/sessions/${sessionId}/pay`;
      await Promise.all([post(pay, CARD, false), post(pay, CARD, false)]);
      step('payment, sent twice at once');
      // The e-mails, in the measured rounds, as the shop's worker would send them (logged, no SMTP).
      await services.mail.deliverDue();
      step('e-mails');
    };
    for (let i = 0; i < 20; i++) await order(); // the JIT warms up
    const queries = countQueries();
    queries.take();
    const steps: string[] = [];
    let statements = 0;
    await order((name) => {
      const sent = queries.take();
      statements += sent.length;
      steps.push(`${name}: ${sent.length}`);
      if (process.env.BENCH_SHOW_QUERIES)
        console.log(`${db} ${name} (${sent.length}):\n  ${sent.join('\n  ')}`);
    });
    const profiler = PROFILE_DIR ? new Session() : null;
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
      `\n${db}: ${least.toFixed(2)} ms of CPU per order (least of ${ROUNDS} rounds of ${ORDERS}), ${statements} statements per order (${steps.join(', ')}); load average ${loadAverage()}`,
    );
    if (profiler && PROFILE_DIR) {
      const { profile } = await profiler.post('Profiler.stop');
      profiler.disconnect();
      const file = path.join(PROFILE_DIR, `order-cpu-${db.split(' ')[0]}.cpuprofile`);
      writeFileSync(file, JSON.stringify(profile));
      console.log(
        `Profile: node --import tsx bench/profile-layers.ts ${file} ${ROUNDS * ORDERS} (ms per order)`,
      );
    }
  } finally {
    await services.close();
  }
}

await onEachDatabase('shop_order_cpu', (db, env) =>
  measure(db === 'embedded' ? 'embedded' : 'PostgreSQL (Node side)', env),
);
