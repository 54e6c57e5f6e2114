import v8 from 'node:v8';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startHeapCompactionWhenIdle } from './compact-heap-when-idle';

const MB = 1024 * 1024;
const heapSize = () => v8.getHeapStatistics().total_heap_size;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What a load leaves: ~100 MB of short-lived objects, one in 50 still alive, on every page. */
function busySpell() {
  const all: { id: number; label: string }[] = [];
  for (let i = 0; i < 2_000_000; i++) all.push({ id: i, label: `order ${i}` });
  return all.filter((_, i) => i % 50 === 0);
}

let stop = () => {};
afterEach(() => stop());

describe('the heap after a busy spell', () => {
  it('is given back to the system once the shop is quiet', async () => {
    const log = { debug: vi.fn() };
    const kept = busySpell();
    const grown = heapSize();
    stop = startHeapCompactionWhenIdle(log, { checkMs: 100 });
    // Up to 20 s: the check needs the loop idle, and a machine busy with other test files delays it.
    for (let i = 0; i < 200 && heapSize() > grown - 64 * MB; i++) await sleep(100);

    expect(heapSize()).toBeLessThan(grown - 64 * MB);
    expect(log.debug).toHaveBeenCalledWith(
      expect.objectContaining({ heapMb: expect.any(Number) }),
      'heap compacted while idle',
    );
    expect(kept).toHaveLength(40_000);
  });

  it('is left alone while the shop is busy', async () => {
    const log = { debug: vi.fn() };
    const kept = busySpell();
    stop = startHeapCompactionWhenIdle(log, { checkMs: 100 });
    // Busy: the event loop works ~90% of the time, as under a stream of requests.
    const until = Date.now() + 1_500;
    while (Date.now() < until) {
      const spin = Date.now() + 90;
      while (Date.now() < spin);
      await sleep(10);
    }

    expect(log.debug).not.toHaveBeenCalled();
    expect(kept).toHaveLength(40_000);
  });
});
