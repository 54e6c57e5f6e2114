/**
 * A profiling aid for one per-visitor page, not a figure for RESULTS (bench:page-cpu gives those):
 *
 *   NODE_ENV=production node --import tsx bench/profile-page.ts PAGE MODE [N]
 *
 * seeds the visitor fixture, then serves PAGE (a name from `visitorRoutes`, matched by its start)
 * N times (default 400) and prints the CPU per call. MODE:
 * - `whole`: through the whole app (`app.request`, as bench:page-cpu's "whole app");
 * - `bare`: the same with React's render left out (the loader data sent as it is);
 * - `alone`: React drawing the page alone on the captured loader data (L);
 * - `split`: whole, with each request's CPU split at the entry's edges (before it: session,
 *   loaders, React Router; the entry: React's render, the scripts' hashes; after it: the
 *   middleware, gzip, reading the body) and each thread's CPU (main, V8's helpers, libuv's pool,
 *   the embedded database's) from /proc/self/task, beside L measured in the same minutes.
 * `PROFILE_OUT=file.cpuprofile` keeps a CPU profile of the main thread over the N calls (read it
 * with bench/profile-layers.ts); `PGLITE_TIMINGS=dir` writes the database thread's time per
 * statement (src/server/db/pglite-timings.ts); `BENCH_DB=postgres` uses a temporary PostgreSQL
 * database. Asserts nothing.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { loadClientBuild } from '../src/server/load-build';
import { createLogger } from '../src/server/logger';
import { createServices } from '../src/server/services';
import { probeEntry } from './lib/entry-probe';
import { threadsCpuMs } from './lib/process-tree';
import { signIn, visitorRoutes } from './lib/render-limit';
import { onTemporaryPostgres } from './lib/server';
import { CUSTOMER, OWNER, seedVisitorFixture } from './lib/visitor-fixture';

const [pageName = '/admin/orders', mode = 'whole', countArg = '400'] = process.argv.slice(2);
const N = Number(countArg);

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

async function run(env: Record<string, string>) {
  const { orderId } = await seedVisitorFixture(env);
  const timings = process.env.PGLITE_TIMINGS ? { PGLITE_TIMINGS: process.env.PGLITE_TIMINGS } : {};
  const config = loadConfig({ ...env, ...timings, LOG_LEVEL: 'silent', RATE_LIMITS: 'false' });
  const services = await createServices(config, createLogger(config));
  const { server, clientDir } = await loadClientBuild();
  const split = { start: 0, end: 0, before: 0, entry: 0, after: 0 };
  const probe = probeEntry(server);
  probe.around = async (draw) => {
    const entered = cpuMs();
    split.before += entered - split.start;
    const page = await draw();
    split.end = cpuMs();
    split.entry += split.end - entered;
    return page;
  };
  const app = createApp(services, { server: probe.build, clientDir });
  const base = config.publicUrl;
  const cookies = { customer: await signIn(app, base, CUSTOMER), owner: await signIn(app, base, OWNER) };
  const route = visitorRoutes(orderId).find((r) => r.name.startsWith(pageName));
  if (!route) throw new Error(`no page ${pageName}`);
  const headers = { cookie: cookies[route.as], 'accept-encoding': 'gzip' };
  const get = async () => {
    split.start = cpuMs();
    const res = await app.request(`${base}${route.path}`, { headers });
    await res.arrayBuffer();
    split.after += cpuMs() - split.end;
    if (res.status !== 200) throw new Error(`${route.path} answered ${res.status}`);
  };
  probe.capturing = true;
  await get();
  probe.capturing = false;
  probe.withRender = mode !== 'bare';
  const alone = probe.renderAlone;
  const call = mode === 'alone' ? alone : get;
  for (let i = 0; i < 50; i++) await call(); // the JIT warms up

  const session = new Session();
  if (process.env.PROFILE_OUT) {
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 200 });
    await session.post('Profiler.start');
  }
  Object.assign(split, { before: 0, entry: 0, after: 0 });
  const threadsBefore = threadsCpuMs(process.pid);
  const started = cpuMs();
  for (let i = 0; i < N; i++) await call();
  const perCall = (cpuMs() - started) / N;
  const threadsAfter = threadsCpuMs(process.pid);
  if (process.env.PROFILE_OUT) {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(process.env.PROFILE_OUT, JSON.stringify(profile));
  }
  console.log(`${route.name} ${mode}: ${perCall.toFixed(2)} ms CPU per call`);
  if (mode === 'split') {
    const ms = (total: number) => (total / N).toFixed(2);
    console.log(`  before the entry ${ms(split.before)}, entry ${ms(split.entry)}, after ${ms(split.after)}`);
    const main = process.pid;
    const threads = [...threadsAfter]
      .map(([tid, total]) => [tid, total - (threadsBefore.get(tid) ?? 0)] as const)
      .filter(([, total]) => total > 0)
      .map(([tid, total]) => `${tid === main ? 'main' : tid} ${ms(total)}`);
    console.log(`  by thread: ${threads.join(', ')}`);
    const t0 = cpuMs();
    for (let i = 0; i < N; i++) await alone();
    console.log(`  L (render alone) ${((cpuMs() - t0) / N).toFixed(2)}`);
  }
  await services.close();
}

if (process.env.BENCH_DB === 'postgres') await onTemporaryPostgres('shop_profile', run);
else {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-profile-'));
  try {
    await run({ DATA_DIR: dataDir });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
