/**
 * npm run bench:render — L, the renders/s React manages for each per-visitor page's tree on
 * known data (bench/lib/visitor-fixture.ts), in this one process: the limit `bench:visitors`
 * compares the whole server against, and the statements the server sends to draw each page once
 * (`BENCH_SHOW_QUERIES=1` lists them; `BENCH_PAGES` as in bench:visitors). `BENCH_DURATION` seconds per page (default 5). Prints a
 * table; asserts nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { renderLimits, visitorRoutes } from './lib/render-limit';
import { seedVisitorFixture } from './lib/visitor-fixture';

const SECONDS = Number(process.env.BENCH_DURATION ?? 5);
/** `BENCH_PAGES=/account,/checkout`: only the pages whose names start so. */
const PAGES = process.env.BENCH_PAGES?.split(',');

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-render-'));
try {
  const env = { DATA_DIR: dataDir };
  const { orderId } = await seedVisitorFixture(env);
  const limits = await renderLimits(
    env,
    visitorRoutes(orderId).filter((r) => !PAGES || PAGES.some((p) => r.name.startsWith(p))),
    SECONDS,
  );
  console.log(`\n${SECONDS} s per page, load average ${os.loadavg()[0]!.toFixed(2)} (1 min)\n`);
  console.log('| page | L renders/s | statements |');
  console.log('|---|---|---|');
  for (const [name, l] of limits) {
    console.log(`| ${name} | ${Math.round(l.rendersPerSecond)} | ${l.statements.length} |`);
  }
  if (process.env.BENCH_SHOW_QUERIES) {
    for (const [name, l] of limits) console.log(`\n${name}:\n  ${l.statements.join('\n  ')}`);
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
