/**
 * npm run bench:main-thread — what the browser's main thread does after the first paint of /,
 * /shop and a product page (TBT under 200 ms at 8x CPU slowdown). Chromium with its CPU
 * slowed down (CDP `Emulation.setCPUThrottlingRate`, default 8) and a phone-sized window loads
 * each page from a fresh profile; a Chrome trace of the load lists the long tasks (50 ms or more)
 * after first contentful paint. Prints, per page, the median of the runs: long tasks after FCP
 * (count, total ms, blocking ms = the part of each over 50 ms, as TBT counts it), and for the
 * middle run each long task's largest parts (script evaluation per file, hydration as the
 * function calls and timers it runs, style, layout, GC).
 *
 * Unlike Lighthouse it does not simulate a slow network, so its figures are not TBT: they are the
 * main thread's own work, comparable between two builds measured at the same moment. A loaded
 * machine stretches every wall-clock figure; the main thread's CPU time after FCP (the trace's
 * thread clock, all tasks until the page is left) moves less, and is printed beside them.
 *
 * BENCH_RUNS (default 3), BENCH_SLOWDOWN (default 8), BENCH_PORT (default 4312), BENCH_URL (a
 * shop already running: no server of its own),
 * BENCH_MT_PAGES=/,/shop (labels as printed), BENCH_PROFILE=1 (also samples the JavaScript and
 * prints the functions that ran longest inside long tasks: costs time, so figures are a little
 * higher in that mode), BENCH_TRACE_DIR=dir keeps each trace (open in DevTools' Performance tab).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, type CDPSession, chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium';
import { loadAverage, startServer } from './lib/server';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SLOWDOWN = Number(process.env.BENCH_SLOWDOWN ?? 8);
const PROFILE = process.env.BENCH_PROFILE === '1';
const TRACE_DIR = process.env.BENCH_TRACE_DIR;
const ONLY_PAGES = process.env.BENCH_MT_PAGES?.split(',');
const LONG_TASK_MS = 50;

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  /** The thread's CPU time in the event: what a busy machine does not stretch. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: Record<string, unknown>; frame?: string };
}

interface Part {
  what: string;
  ms: number;
}
interface LongTask {
  startMs: number; // after FCP
  ms: number;
  cpuMs: number;
  parts: Part[];
}
interface Run {
  fcpMs: number; // after navigation start
  tasks: LongTask[];
  totalMs: number;
  blockingMs: number;
  /** Main-thread CPU after FCP, all tasks: the work itself, however busy the machine was. */
  cpuMs: number;
  functions: Part[];
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const shortUrl = (u: unknown) => (typeof u === 'string' && u ? u.replace(/^https?:\/\/[^/]+/, '') : '?');

/** A name for an event inside a long task that says which code or which browser work it was. */
function describe(e: TraceEvent): string {
  const d = e.args?.data ?? {};
  switch (e.name) {
    case 'EvaluateScript':
    case 'v8.evaluateModule':
      return `evaluate ${shortUrl(d.url ?? (e.args as Record<string, unknown>)?.url)}`;
    case 'v8.compile':
    case 'v8.compileModule':
      return `compile ${shortUrl(d.url ?? (e.args as Record<string, unknown>)?.fileName)}`;
    case 'FunctionCall':
      return `call ${(d.functionName as string) || '(anonymous)'} ${shortUrl(d.url)}`;
    case 'EventDispatch':
      return `event ${d.type as string}`;
    case 'TimerFire':
      return 'timer';
    case 'FireAnimationFrame':
      return 'animation frame';
    case 'FireIdleCallback':
      return 'idle callback';
    case 'ParseHTML':
      return 'parse HTML';
    case 'UpdateLayoutTree':
    case 'RecalculateStyles':
      return 'style';
    case 'Layout':
      return 'layout';
    case 'MajorGC':
    case 'MinorGC':
    case 'V8.GC_SCAVENGER':
      return 'GC';
    case 'RunMicrotasks':
    case 'V8.RunMicrotasks':
      return 'microtasks';
    default:
      return e.name;
  }
}

/** The events worth naming: direct work the main thread did inside a task. */
const NAMED = new Set([
  'EvaluateScript',
  'v8.evaluateModule',
  'v8.compile',
  'v8.compileModule',
  'FunctionCall',
  'EventDispatch',
  'TimerFire',
  'FireAnimationFrame',
  'FireIdleCallback',
  'ParseHTML',
  'UpdateLayoutTree',
  'Layout',
  'MajorGC',
  'MinorGC',
  'RunMicrotasks',
  'V8.RunMicrotasks',
  'Paint',
  'PrePaint',
  'Commit',
  'ParseAuthorStyleSheet',
  'Decode Image',
]);

function analyse(events: TraceEvent[]): Omit<Run, 'functions'> & { window: [number, number][] } {
  // The last one: the page opened before (to keep the renderer) may paint after tracing starts.
  const fcp = events
    .filter((e) => e.name === 'firstContentfulPaint')
    .sort((a, b) => a.ts - b.ts)
    .at(-1);
  if (!fcp) throw new Error('no firstContentfulPaint in the trace');
  const navStart = events
    .filter((e) => e.name === 'navigationStart' && e.pid === fcp.pid && e.ts <= fcp.ts)
    .sort((a, b) => b.ts - a.ts)[0];
  const main = events.filter((e) => e.pid === fcp.pid && e.tid === fcp.tid && e.ph === 'X');
  const tasks = main
    .filter((e) => e.name === 'RunTask' && e.ts >= fcp.ts && (e.dur ?? 0) >= LONG_TASK_MS * 1000)
    .sort((a, b) => a.ts - b.ts);
  const long: LongTask[] = tasks.map((t) => {
    const end = t.ts + t.dur!;
    const inside = main.filter(
      (e) => e !== t && e.ts >= t.ts && e.ts + (e.dur ?? 0) <= end && NAMED.has(e.name),
    );
    // Count only the outermost named events, so nested ones (a compile inside an evaluation) are
    // not counted twice.
    inside.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
    const sums = new Map<string, number>();
    let coveredUntil = 0;
    for (const e of inside) {
      if (e.ts < coveredUntil) continue;
      coveredUntil = e.ts + (e.dur ?? 0);
      const what = describe(e);
      sums.set(what, (sums.get(what) ?? 0) + (e.dur ?? 0) / 1000);
    }
    const parts = [...sums].map(([what, ms]) => ({ what, ms })).sort((a, b) => b.ms - a.ms);
    return { startMs: (t.ts - fcp.ts) / 1000, ms: t.dur! / 1000, cpuMs: (t.tdur ?? 0) / 1000, parts };
  });
  const after = main.filter((e) => e.name === 'RunTask' && e.ts >= fcp.ts);
  const cpu = (e: TraceEvent) => (e.tdur ?? e.dur ?? 0) / 1000;
  return {
    cpuMs: after.reduce((s, e) => s + cpu(e), 0),
    fcpMs: navStart ? (fcp.ts - navStart.ts) / 1000 : Number.NaN,
    tasks: long,
    totalMs: long.reduce((s, t) => s + t.ms, 0),
    blockingMs: long.reduce((s, t) => s + t.ms - LONG_TASK_MS, 0),
    window: tasks.map((t) => [t.ts, t.ts + t.dur!]),
  };
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** JavaScript self time per function, from the samples taken inside the long tasks. */
function functionsIn(profile: Profile, windows: [number, number][]): Part[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const sums = new Map<string, number>();
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i]!;
    const next = profile.timeDeltas[i + 1] ?? 0;
    if (!windows.some(([a, b]) => t >= a && t < b)) continue;
    const f = byId.get(profile.samples[i]!)!.callFrame;
    const what = f.url
      ? `${f.functionName || '(anonymous)'} ${shortUrl(f.url)}:${f.lineNumber + 1}:${f.columnNumber + 1}`
      : f.functionName || '(program)';
    sums.set(what, (sums.get(what) ?? 0) + next / 1000);
  }
  return [...sums].map(([what, ms]) => ({ what, ms })).sort((a, b) => b.ms - a.ms);
}

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'v8',
  'blink.user_timing',
  'loading',
  'toplevel',
].join(',');

async function measure(
  browser: Browser,
  url: string,
  origin: string,
  label: string,
  i: number,
): Promise<Run> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    // Land on the same site first so the page keeps its renderer (and the profiler) on navigation.
    await page.goto(`${origin}/favicon.svg`);
    await page.waitForTimeout(500);
    const cdp: CDPSession = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
    if (PROFILE) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    await browser.startTracing(page, { categories: CATEGORIES.split(',') });
    await page.goto(url, { waitUntil: 'load' });
    // Hydration and the effects after it: give the slowed-down page time to finish them.
    await page.waitForTimeout(4000 + 500 * SLOWDOWN);
    const buffer = await browser.stopTracing();
    const profile = PROFILE ? ((await cdp.send('Profiler.stop')) as { profile: Profile }).profile : undefined;
    if (TRACE_DIR) {
      mkdirSync(TRACE_DIR, { recursive: true });
      const name = `${label.replace(/\W+/g, '_') || 'home'}-${i}`;
      writeFileSync(path.join(TRACE_DIR, `${name}.json`), buffer);
      if (profile) writeFileSync(path.join(TRACE_DIR, `${name}.cpuprofile`), JSON.stringify(profile));
    }
    const { traceEvents } = JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] };
    const { window, ...run } = analyse(traceEvents);
    return { ...run, functions: profile ? functionsIn(profile, window) : [] };
  } finally {
    await context.close();
  }
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-mt-'));
/** BENCH_URL: measure a shop already running there (e.g. two builds side by side) instead. */
const server = process.env.BENCH_URL
  ? { url: process.env.BENCH_URL, stop: async () => {} }
  : await startServer({ DATA_DIR: dataDir }, Number(process.env.BENCH_PORT ?? 4312));
const chrome = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const { products } = (await (await fetch(`${server.url}/api/products`)).json()) as {
    products: { id: string }[];
  };
  const pages = { '/': '/', '/shop': '/shop', '/product/{id}': `/product/${products[0]!.id}` };
  console.log(
    `Main thread after first paint, ${SLOWDOWN}x CPU slowdown, ${RUNS} runs each (load ${loadAverage()})`,
  );
  const rows: string[] = [];
  for (const [label, pathname] of Object.entries(pages)) {
    if (ONLY_PAGES && !ONLY_PAGES.includes(label)) continue;
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++)
      runs.push(await measure(chrome, `${server.url}${pathname}`, server.url, label, i));
    const byTotal = [...runs].sort((a, b) => a.totalMs - b.totalMs);
    const mid = byTotal[Math.floor(byTotal.length / 2)]!;
    const m = (f: (r: Run) => number) => Math.round(median(runs.map(f)));
    rows.push(
      `| ${label} | ${m((r) => r.fcpMs)} | ${m((r) => r.tasks.length)} | ${m((r) => r.totalMs)} | ${m((r) => r.blockingMs)} | ${m((r) => r.cpuMs)} | ${runs.map((r) => `${Math.round(r.totalMs)}/${Math.round(r.cpuMs)}`).join(', ')} |`,
    );
    console.log(`\n${label}: the middle run's long tasks after FCP (ms after FCP, ms, largest parts)`);
    for (const t of mid.tasks) {
      const parts = t.parts
        .slice(0, 6)
        .map((p) => `${p.what} ${Math.round(p.ms)}`)
        .join('; ');
      console.log(
        `  +${Math.round(t.startMs)} ${Math.round(t.ms)} ms (CPU ${Math.round(t.cpuMs)}): ${parts}`,
      );
    }
    if (PROFILE) {
      console.log('  JavaScript self time inside those tasks (top 20):');
      for (const f of mid.functions.slice(0, 20)) console.log(`    ${Math.round(f.ms)} ms ${f.what}`);
    }
  }
  console.log(`\nLoad average at the end: ${loadAverage()}\n`);
  console.log(
    `| page | FCP ms | long tasks after FCP | their total ms | blocking ms (over 50 each) | main-thread CPU ms after FCP | per run: long-task ms / CPU ms |`,
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const r of rows) console.log(r);
} finally {
  await chrome.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
