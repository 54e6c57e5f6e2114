/**
 * The shop started as `npm run serve` starts it, with WEB_CONCURRENCY=2 on PostgreSQL: two worker
 * processes serve one port, a worker that dies is replaced, SIGTERM stops them all. PostgreSQL
 * only (see vitest.config.ts); runs the TypeScript source through tsx, so it tests this code
 * rather than the last build (the pages still come from `npm run build`'s client build).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { get } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '~/test/listen';
import { createTestApp, type TestApp } from '~/test/test-app';

const root = path.resolve(import.meta.dirname, '../..');
let t: TestApp;
let shop: ChildProcess;
let url: string;
let output = '';

/** The pids of the shop's worker processes (children running its entry; tsx has an esbuild child too). */
function workersOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        return (
          parent === pid && readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('src/server/index.ts')
        );
      } catch {
        return false; // ended meanwhile
      }
    })
    .map(Number);
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const healthy = () =>
  fetch(`${url}/api/health`).then(
    (res) => res.ok,
    () => false,
  );

beforeAll(async () => {
  t = await createTestApp();
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  shop = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      WEB_CONCURRENCY: '2',
      DATABASE_URL: (t.services.config.database as { url: string }).url,
      BETTER_AUTH_SECRET: t.services.config.authSecret!,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  shop.stdout!.on('data', (chunk) => {
    output += chunk;
  });
  shop.stderr!.on('data', (chunk) => {
    output += chunk;
  });
});

afterAll(async () => {
  if (shop && shop.exitCode === null) shop.kill('SIGKILL');
  await t?.close();
});

/** The shop's /api/health requests as one scrape counts them, and the database connections it may open. */
async function scrape() {
  const res = await fetch(`${url}/metrics`);
  expect(res.status).toBe(200);
  const text = await res.text();
  const figure = (line: RegExp) => Number(text.match(line)?.[1] ?? 0);
  return {
    health: figure(/^shop_http_requests_total\{method="GET",route="\/api\/health",status="200"\} (\d+)$/m),
    maxConnections: figure(/^shop_db_connections_max (\d+)$/m),
  };
}

/** A request on a connection of its own, so the primary hands it to the next worker. */
const healthAlone = () =>
  new Promise<void>((resolve, reject) =>
    get(`${url}/api/health`, { agent: false }, (res) => res.resume().on('end', resolve)).on('error', reject),
  );

describe('WEB_CONCURRENCY=2 on PostgreSQL', () => {
  it('answers one scrape of /metrics for both workers, added up (decision 028)', async () => {
    await expect.poll(healthy, { timeout: 50_000, interval: 250 }).toBe(true);
    await expect.poll(() => output, { timeout: 50_000 }).toContain('2 server processes listening');
    const before = await scrape();
    // Each worker's pool of DATABASE_POOL_SIZE (10): the scrape holds both.
    expect(before.maxConnections).toBe(20);
    for (let i = 0; i < 6; i++) await healthAlone();
    expect((await scrape()).health).toBe(before.health + 6);
  }, 90_000);

  it('serves from two worker processes, replaces one that dies, and stops them all on SIGTERM', async () => {
    await expect.poll(healthy, { timeout: 50_000, interval: 250 }).toBe(true);
    await expect.poll(() => output, { timeout: 50_000 }).toContain('2 server processes listening');
    const workers = workersOf(shop.pid!);
    expect(workers).toHaveLength(2);
    // One banner (or "ready" line) per shop, not one per worker.
    expect(output.match(/Shop ready at/g)).toHaveLength(1);

    process.kill(workers[0]!, 'SIGKILL');
    await expect.poll(() => output, { timeout: 10_000 }).toContain('a server process died: starting another');
    await expect
      .poll(() => workersOf(shop.pid!).filter((pid) => pid !== workers[0]).length, { timeout: 50_000 })
      .toBe(2);
    await expect.poll(() => output.match(/server processes listening/g)?.length, { timeout: 50_000 }).toBe(2);
    expect(await healthy()).toBe(true);

    const now = workersOf(shop.pid!);
    const exited = new Promise<number | null>((resolve) => shop.once('exit', (code) => resolve(code)));
    shop.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(now.filter(alive)).toEqual([]);
    expect(await healthy()).toBe(false);
  }, 90_000);
});
