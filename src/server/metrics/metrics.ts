import {
  type Aggregator,
  Counter,
  type CounterConfiguration,
  collectDefaultMetrics,
  Gauge,
  type GaugeConfiguration,
  Histogram,
  type HistogramConfiguration,
  Registry,
} from 'prom-client';

/** Every metric the shop defines is named `shop_...`; prom-client's own are `process_`/`nodejs_`. */
const PREFIX = 'shop_';

type Named<C> = Omit<C, 'registers' | 'name'> & {
  /** Without the `shop_` prefix, e.g. `orders_placed_total`. */
  name: string;
  /**
   * How the figures of several server processes (WEB_CONCURRENCY) combine into one scrape:
   * 'sum' (the default: counts, connections in use) or e.g. 'min' for an age, 'max' for a lag.
   */
  aggregator?: Aggregator;
};

/**
 * One instance's metrics: a prom-client registry of its own (not the global one, so tests can
 * build several shops in one process) and the way every feature adds to it:
 *
 *   services.metrics.gauge({ name: 'backup_age_seconds', help: '...', collect() { this.set(age()) } })
 *
 * A gauge's `collect` runs at each scrape, so a figure that is cheap to read when asked (an age, a
 * pool's size) costs nothing between scrapes. `GET /metrics` writes `text()`.
 */
export function createMetrics() {
  const registry = new Registry();
  const full = (name: string) => (name.startsWith(PREFIX) ? name : PREFIX + name);
  let defaultsStarted = false;
  let scrape = () => registry.metrics();

  return {
    registry,

    counter<L extends string = string>(config: Named<CounterConfiguration<L>>): Counter<L> {
      return new Counter<L>({ ...config, name: full(config.name), registers: [registry] });
    },

    gauge<L extends string = string>(config: Named<GaugeConfiguration<L>>): Gauge<L> {
      return new Gauge<L>({ ...config, name: full(config.name), registers: [registry] });
    },

    histogram<L extends string = string>(config: Named<HistogramConfiguration<L>>): Histogram<L> {
      return new Histogram<L>({ ...config, name: full(config.name), registers: [registry] });
    },

    /**
     * prom-client's process metrics (memory, CPU, event-loop lag, handles, GC): started by a
     * serving process, not by every shop a test builds (the event-loop monitor runs from then on).
     */
    collectProcessMetrics() {
      if (defaultsStarted) return;
      defaultsStarted = true;
      collectDefaultMetrics({ register: registry });
    },

    /** The Prometheus text exposition of everything registered. */
    text: () => registry.metrics(),
    /** What GET /metrics answers: `text()`, or every server process's together (scrapeWith). */
    scrape: () => scrape(),
    /** With several server processes, a scrape answers for all of them (cluster-metrics.ts). */
    scrapeWith(whole: () => Promise<string>) {
      scrape = whole;
    },
    contentType: registry.contentType,
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
