/**
 * npm run bench:page-cpu — where a per-visitor page's CPU goes, in one process and one request at
 * a time: the whole app (`app.request`: session, loaders, database, React Router, render, CSP,
 * gzip; no sockets), the same with React's render left out (the loader data is sent as it is),
 * and the session look-up alone. Each figure is the least CPU per page (user + system of this
 * process, the embedded database's thread included) over `BENCH_ROUNDS` rounds of
 * `BENCH_REQUESTS`: other load on the machine only ever adds to it. Embedded, then on PostgreSQL
 * when it answers (Node's side only: PostgreSQL's own work is in its processes). Beside them L as
 * CPU: the least CPU of React drawing the page's tree alone on the same loader data (as
 * bench:render's L, but CPU rather than wall time), and the ratio L-CPU / whole app, the share of
 * L the whole server can reach on one core whatever else runs on the machine.
 * `BENCH_PAGES=/account,/checkout` measures only the pages whose names start so; `BENCH_ONLY=
 * embedded` or `postgres` one database. Asserts nothing.
 */
import { createApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { loadClientBuild } from '../src/server/load-build';
import { createLogger } from '../src/server/logger';
import { createServices } from '../src/server/services';
import { probeEntry } from './lib/entry-probe';
import { signIn, visitorRoutes } from './lib/render-limit';
import { loadAverage, onEachDatabase } from './lib/server';
import { CUSTOMER, OWNER, seedVisitorFixture } from './lib/visitor-fixture';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 40);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const PAGES = process.env.BENCH_PAGES?.split(',');

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** The least CPU per call over the rounds. */
async function perCall(call: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 30; i++) await call(); // the JIT warms up
  let least = Number.POSITIVE_INFINITY;
  for (let r = 0; r < ROUNDS; r++) {
    const started = cpuMs();
    for (let i = 0; i < REQUESTS; i++) await call();
    least = Math.min(least, (cpuMs() - started) / REQUESTS);
  }
  return least;
}

async function measure(db: string, env: Record<string, string>) {
  const { orderId } = await seedVisitorFixture(env);
  const config = loadConfig({ ...env, LOG_LEVEL: 'silent', RATE_LIMITS: 'false' });
  const services = await createServices(config, createLogger(config));
  const { server, clientDir } = await loadClientBuild();
  const probe = probeEntry(server);
  const app = createApp(services, { server: probe.build, clientDir });
  const base = config.publicUrl;
  try {
    const cookies = { customer: await signIn(app, base, CUSTOMER), owner: await signIn(app, base, OWNER) };
    const rows: string[] = [];
    for (const route of visitorRoutes(orderId).filter(
      (r) => !PAGES || PAGES.some((p) => r.name.startsWith(p)),
    )) {
      const headers = { cookie: cookies[route.as], 'accept-encoding': 'gzip' };
      const get = async () => {
        const res = await app.request(`${base}${route.path}`, { headers });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`${route.path} answered ${res.status}`);
      };
      probe.withRender = true;
      const whole = await perCall(get);
      probe.withRender = false;
      const withoutRender = await perCall(get);
      probe.withRender = true;
      const sessionHeaders = new Headers(headers);
      const session = await perCall(() => services.session.getUser(sessionHeaders));
      probe.capturing = true;
      await get();
      probe.capturing = false;
      const renderAlone = await perCall(probe.renderAlone);
      const cells = [whole, withoutRender, whole - withoutRender, session, renderAlone].map((ms) =>
        ms.toFixed(2),
      );
      rows.push(`| ${route.name} | ${cells.join(' | ')} | ${(renderAlone / whole).toFixed(2)} |`);
    }
    console.log(`\n${db}; least of ${ROUNDS} rounds of ${REQUESTS}; load average ${loadAverage()}\n`);
    console.log(
      '| page | whole app ms | without render ms | render ms | session look-up ms | L: render alone ms | L-CPU / whole |',
    );
    console.log('|---|---|---|---|---|---|---|');
    for (const row of rows) console.log(row);
  } finally {
    await services.close();
  }
}

await onEachDatabase('shop_page_cpu', (db, env) =>
  measure(db === 'embedded' ? 'embedded' : 'PostgreSQL (Node side)', env),
);
