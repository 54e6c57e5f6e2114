/**
 * npm run bench:pages — Lighthouse (mobile defaults, Debian's Chromium) on /, /shop, a product
 * page and /our-story of a freshly started shop; median of 3 runs each (BENCH_PHOTOS=1: with an
 * uploaded phone photo on every product). Each page is audited twice: with Lighthouse's default
 * mobile throttling (4x CPU slowdown) and with `--throttling.cpuSlowdownMultiplier=8` (a slower
 * phone, or a host running slower than usual), the two rows side by side (TBT under
 * 200 ms at 8x). `BENCH_LH_PAGES=/,/shop` audits only those rows; `BENCH_SLOWDOWNS=8` only that
 * setting; `BENCH_URL` audits a shop already running there (two builds side by side, measured
 * alternately) instead of starting one. Prints scores and timings; asserts nothing.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium';
import { startServer } from './lib/server';
import { uploadPhotos } from './lib/upload-photos';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** Set to a folder to keep every run's full Lighthouse report (JSON) for a closer look. */
const REPORT_DIR = process.env.BENCH_REPORT_DIR;
/** BENCH_PHOTOS=1: the owner uploads a phone photo to every product first (the shop as it runs). */
const PHOTOS = process.env.BENCH_PHOTOS === '1';

interface Figures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcp: number;
  fcp: number;
  tbt: number;
  cls: number;
}

/** Lighthouse's own mobile default is 4; 8 stands for a phone (or host) twice as slow. */
const SLOWDOWNS = (process.env.BENCH_SLOWDOWNS ?? '4,8').split(',').map(Number);
const ONLY_PAGES = process.env.BENCH_LH_PAGES?.split(',');

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function audit(url: string, port: number, slowdown: number, attempt = 1): Promise<Figures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    throttling: { cpuSlowdownMultiplier: slowdown },
  });
  if (!result) throw new Error(`no Lighthouse result for ${url}`);
  // Lighthouse sometimes fails to record a trace (e.g. NO_NAVSTART): rerun rather than count zeros.
  const failure = result.lhr.runtimeError;
  if (failure) {
    if (attempt >= 3) throw new Error(`Lighthouse failed on ${url}: ${failure.code}`);
    console.warn(`Lighthouse run failed on ${url} (${failure.code}); running it again`);
    return audit(url, port, slowdown, attempt + 1);
  }
  if (REPORT_DIR) {
    mkdirSync(REPORT_DIR, { recursive: true });
    const name = `${new URL(url).pathname.replace(/\W+/g, '_') || 'home'}-${slowdown}x`;
    writeFileSync(path.join(REPORT_DIR, `${name}-${Date.now()}.json`), JSON.stringify(result.lhr));
  }
  const { categories: c, audits: a } = result.lhr;
  const score = (k: string) => Math.round((c[k]?.score ?? 0) * 100);
  const value = (k: string) => a[k]?.numericValue ?? Number.NaN;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcp: value('largest-contentful-paint'),
    fcp: value('first-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
  };
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-lh-'));
// BENCH_PORT lets several checkouts on one machine run it at once.
const server = process.env.BENCH_URL
  ? { url: process.env.BENCH_URL, stop: async () => {} }
  : await startServer({ DATA_DIR: dataDir }, Number(process.env.BENCH_PORT ?? 4311));
let chrome: chromeLauncher.LaunchedChrome | undefined;
try {
  chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  const { products } = (await (await fetch(`${server.url}/api/products`)).json()) as {
    products: { id: string }[];
  };
  if (PHOTOS) {
    const bytes = await uploadPhotos(
      server.url,
      products.map((p) => p.id),
    );
    console.log(
      `Uploaded a ${(bytes / products.length / 1e6).toFixed(1)} MB phone photo (3000 px JPEG) to each of ${products.length} products`,
    );
  }
  const pages = {
    '/': '/',
    '/shop': '/shop',
    '/product/{id}': `/product/${products[0]!.id}`,
    '/our-story': '/our-story',
  };
  const rows: [string, Figures][] = [];
  for (const [label, pathname] of Object.entries(pages)) {
    if (ONLY_PAGES && !ONLY_PAGES.includes(label)) continue;
    for (const slowdown of SLOWDOWNS) {
      const runs: Figures[] = [];
      for (let i = 0; i < RUNS; i++)
        runs.push(await audit(`${server.url}${pathname}`, chrome.port, slowdown));
      const pick = (k: keyof Figures) => median(runs.map((r) => r[k]));
      rows.push([
        `${label} | ${slowdown}x`,
        {
          performance: pick('performance'),
          accessibility: pick('accessibility'),
          bestPractices: pick('bestPractices'),
          seo: pick('seo'),
          lcp: pick('lcp'),
          fcp: pick('fcp'),
          tbt: pick('tbt'),
          cls: pick('cls'),
        },
      ]);
    }
  }
  console.log(
    `\nLighthouse ${RUNS} runs each (median), mobile defaults${PHOTOS ? ', uploaded photos' : ''}\n`,
  );
  console.log(
    '| page | CPU slowdown | performance | accessibility | best practices | SEO | LCP s | FCP s | TBT ms | CLS |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const [label, f] of rows) {
    console.log(
      `| ${label} | ${f.performance} | ${f.accessibility} | ${f.bestPractices} | ${f.seo} | ${(f.lcp / 1000).toFixed(2)} | ${(f.fcp / 1000).toFixed(2)} | ${Math.round(f.tbt)} | ${f.cls.toFixed(3)} |`,
    );
  }
} finally {
  chrome?.kill();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
