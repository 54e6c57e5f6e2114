import { describe, expect, it } from 'vitest';
import { createMetrics } from './metrics';

describe('metrics registry', () => {
  it('names what a feature registers shop_..., and a gauge reads its figure at each scrape', async () => {
    const metrics = createMetrics();
    let age = 42;
    metrics.gauge({
      name: 'backup_age_seconds',
      help: 'Seconds since the last verified backup',
      collect() {
        this.set(age);
      },
    });
    const placed = metrics.counter({ name: 'things_total', help: 'Things', labelNames: ['kind'] as const });
    placed.inc({ kind: 'a' });

    expect(await metrics.text()).toContain('shop_backup_age_seconds 42');
    expect(await metrics.text()).toContain('shop_things_total{kind="a"} 1');
    age = 7;
    expect(await metrics.text()).toContain('shop_backup_age_seconds 7');
  });

  it('keeps two shops in one process apart (each has its own registry)', async () => {
    const one = createMetrics();
    const two = createMetrics();
    one.counter({ name: 'same_total', help: 'x' }).inc();
    two.counter({ name: 'same_total', help: 'x' });
    expect(await one.text()).toContain('shop_same_total 1');
    expect(await two.text()).toContain('shop_same_total 0');
  });

  it('adds the process figures (memory, event-loop lag) once asked', async () => {
    const metrics = createMetrics();
    metrics.collectProcessMetrics();
    metrics.collectProcessMetrics();
    const text = await metrics.text();
    expect(text).toContain('process_resident_memory_bytes');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });
});
