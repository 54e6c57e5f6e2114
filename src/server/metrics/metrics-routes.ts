import { Hono } from 'hono';
import { AppError } from '../errors';
import { mayReadMetrics } from './metrics-access';

/**
 * GET /metrics: Prometheus text, for a scraper on this machine or one with METRICS_TOKEN
 * (403 otherwise). `scrape` is this instance's registry, or every server process's together
 * when there are several (cluster-metrics.ts).
 */
export function metricsRoutes(options: {
  token: string | null;
  scrape: () => Promise<string>;
  contentType: string;
}) {
  return new Hono().get('/', async (c) => {
    if (!mayReadMetrics(c, options.token)) {
      throw new AppError(
        403,
        'forbidden',
        'Metrics are served to this machine, or with the METRICS_TOKEN as a bearer token.',
      );
    }
    const text = await options.scrape();
    return c.body(text, 200, { 'Content-Type': options.contentType, 'Cache-Control': 'no-store' });
  });
}
