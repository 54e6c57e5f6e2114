import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { Context } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { RouterRoute } from 'hono/types';
import type { Logger } from '../logger';
import type { Metrics } from '../metrics/metrics';
import { REQUEST_MESSAGE } from '../terminal-request-lines';
import { namesFile } from './names-file';
import { assignRequestId, REQUEST_ID_HEADER } from './request-id';

const ROUTE = Symbol('shop.route');
type Tagged = IncomingMessage & { [ROUTE]?: string };

/** The route of public/'s files (`/favicon.svg`), and of any other path naming a file. */
export const PUBLIC_FILE = '/:file';

/** A client that went away before the answer was written (nginx's convention). */
export const CLIENT_CLOSED = 499;

/**
 * Hono middleware (outermost): after the app answered, notes the pattern of the route the request
 * was for (`/api/products/:id`), for the log line and the metrics: the first handler registered
 * for its method and path (even when a middleware answered first: a cached product list, a
 * refused body), else the narrowest catch-all (`/api/*`, `/assets/*`). Pages (the app's `*`) are
 * left to the page patterns.
 */
export async function noteRoute(c: Context, next: () => Promise<void>) {
  await next();
  const incoming = (c.env as { incoming?: Tagged } | undefined)?.incoming;
  if (incoming) incoming[ROUTE] = routeOf(matchedRoutes(c), c.req.method);
}

function routeOf(routes: RouterRoute[], method: string): string | undefined {
  const wanted = method === 'HEAD' ? 'GET' : method;
  let fallback: string | undefined;
  for (const r of routes) {
    if (r.path === '*' || r.path === '/*') continue;
    if (r.method === wanted) return r.path;
    if (r.method === 'ALL') fallback = r.path;
  }
  return fallback;
}

/**
 * Every request once: an id (kept from a trusted proxy or made; sent back as X-Request-Id), then
 * when the answer is done one log line (id, method, path, route pattern, status, milliseconds)
 * and the request counters and durations by route pattern and status. Wraps the whole listener,
 * so cached pages written straight from node:http are counted like the rest. Costs one
 * listener, one clock read and one log line per request.
 */
export function observeRequests(options: {
  log: Logger;
  metrics: Metrics;
  trustProxy: boolean;
  pagePattern: (pathname: string) => string;
}) {
  const { log, metrics, trustProxy, pagePattern } = options;
  const requests = metrics.counter({
    name: 'http_requests_total',
    help: 'Requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
  });
  const durations = metrics.histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request arriving to its answer written, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  });

  return (req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now();
    const id = assignRequestId(req, trustProxy);
    res.setHeader(REQUEST_ID_HEADER, id);
    res.once('close', () => {
      const seconds = (performance.now() - started) / 1000;
      const url = req.url ?? '/';
      const query = url.indexOf('?');
      // The path only: a query string may carry a token (password reset links).
      const path = query === -1 ? url : url.slice(0, query);
      const route = (req as Tagged)[ROUTE] ?? (namesFile(path) ? PUBLIC_FILE : pagePattern(path));
      const status = res.writableEnded ? res.statusCode : CLIENT_CLOSED;
      const method = req.method ?? 'GET';
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      durations.observe(labels, seconds);
      const fields = { reqId: id, method, path, route, status, ms: Math.round(seconds * 10_000) / 10 };
      log.info(fields, REQUEST_MESSAGE);
    });
  };
}
