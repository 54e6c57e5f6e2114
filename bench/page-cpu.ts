/**
 * npm run bench:page-cpu — where a per-visitor page's CPU goes, in one process and one request at
 * a time: the whole app (`app.request`: session, loaders, database, React Router, render, CSP,
 * gzip; no sockets), the same with React's render left out (the loader data is sent as it is),
 * and the session look-up alone. Each figure is the least CPU per page (user + system of this
 * process, the embedded database's thread included) over `BENCH_ROUNDS` rounds of
 * `BENCH_REQUESTS`: other load on the machine only ever adds to it. Embedded, then on PostgreSQL
 * when it answers (Node's side only: PostgreSQL's own work is in its processes). Asserts nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ServerBuild } from 'react-router';
import { createApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { loadClientBuild } from '../src/server/load-build';
import { createLogger } from '../src/server/logger';
import { createServices } from '../src/server/services';
import { signIn, visitorRoutes } from './lib/render-limit';
import { loadAverage, onTemporaryPostgres } from './lib/server';
import { CUSTOMER, OWNER, seedVisitorFixture } from './lib/visitor-fixture';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 40);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);

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
  const render = server.entry.module.default;
  let withRender = true;
  const build: ServerBuild = {
    ...server,
    entry: {
      module: {
        ...server.entry.module,
        default: (request, status, headers, context, loadContext) =>
          withRender
            ? render(request, status, headers, context, loadContext)
            : // Everything but React: the loader data React Router serialised, sent as it is.
              new Response(context.serverHandoffStream as ReadableStream<Uint8Array>, {
                status,
                headers: { 'content-type': 'text/plain', 'content-security-policy': "default-src 'none'" },
              }),
      },
    },
  };
  const app = createApp(services, { server: build, clientDir });
  const base = config.publicUrl;
  try {
    const cookies = { customer: await signIn(app, base, CUSTOMER), owner: await signIn(app, base, OWNER) };
    const rows: string[] = [];
    for (const route of visitorRoutes(orderId)) {
      const headers = { cookie: cookies[route.as], 'accept-encoding': 'gzip' };
      const get = async () => {
        const res = await app.request(`${base}${route.path}`, { headers });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`${route.path} answered ${res.status}`);
      };
      withRender = true;
      const whole = await perCall(get);
      withRender = false;
      const withoutRender = await perCall(get);
      withRender = true;
      const sessionHeaders = new Headers(headers);
      const session = await perCall(() => services.session.getUser(sessionHeaders));
      const cells = [whole, withoutRender, whole - withoutRender, session].map((ms) => ms.toFixed(2));
      rows.push(`| ${route.name} | ${cells.join(' | ')} |`);
    }
    console.log(`\n${db}; least of ${ROUNDS} rounds of ${REQUESTS}; load average ${loadAverage()}\n`);
    console.log('| page | whole app ms | without render ms | render ms | session look-up ms |');
    console.log('|---|---|---|---|---|');
    for (const row of rows) console.log(row);
  } finally {
    await services.close();
  }
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-page-cpu-'));
try {
  await measure('embedded', { DATA_DIR: dataDir });
  await onTemporaryPostgres('shop_page_cpu', (env) => measure('PostgreSQL (Node side)', env));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
