import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';
import type { Logger } from '../logger';

/**
 * Gives the memory a busy spell left behind back to the system once the shop is quiet again.
 *
 * Under load V8 grows its old generation with pages of short-lived objects (a render's data,
 * HTML, query results) and, once the load stops, keeps every page: nothing is allocated, so no
 * collection runs, and a plain one frees objects but keeps the half-empty pages (decision 019:
 * an instance stayed at 2-4x its idle size). So every 2 s this looks at the event loop:
 * when it was all but idle and the heap has grown since the last compaction, it runs one full
 * collection that also compacts, which empties those pages and releases them. It never runs
 * while the shop is busy; when it does, it takes ~50-250 ms once.
 */
export function startHeapCompactionWhenIdle(
  log: Pick<Logger, 'debug'>,
  { checkMs = 2_000, idleUtilization = 0.02, growthBytes = 32 * 1024 * 1024 } = {},
) {
  const gc = exposeGc();
  let baseline = 0;
  let last = performance.eventLoopUtilization();
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    const { utilization } = performance.eventLoopUtilization(now, last);
    last = now;
    const committed = v8.getHeapStatistics().total_heap_size;
    if (utilization > idleUtilization || committed < baseline + growthBytes) return;
    const started = performance.now();
    compactingGc(gc);
    baseline = v8.getHeapStatistics().total_heap_size;
    // The pause counts as busy time: start the next measure after it.
    last = performance.eventLoopUtilization();
    log.debug(
      { ms: Math.round(performance.now() - started), heapMb: mb(committed), nowMb: mb(baseline) },
      'heap compacted while idle',
    );
  }, checkMs);
  timer.unref();
  return () => clearInterval(timer);
}

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

/** V8's `gc()`, without asking whoever starts the shop for `--expose-gc`. */
function exposeGc(): () => void {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

/**
 * A full collection that moves the surviving objects together, so emptied pages are released.
 * V8 offers no such call; its flag is read only while collecting, and the collection is
 * synchronous, so the flag is on for exactly this one.
 */
function compactingGc(gc: () => void) {
  v8.setFlagsFromString('--compact-on-every-full-gc');
  try {
    gc();
  } finally {
    v8.setFlagsFromString('--no-compact-on-every-full-gc');
  }
}
