import cluster from 'node:cluster';
import { loadConfig } from './config';

const config = loadConfig();
// React picks its build from NODE_ENV when it is first imported, and its development build renders
// pages 2-4x slower (bench/RESULTS.md). Unset NODE_ENV means production to the shop (config.ts), so
// say so to React too, before anything imports it; the production checks read the original.
process.env.NODE_ENV = config.env;
if (config.processes > 1 && cluster.isPrimary) {
  // The primary only forks and watches: it never opens the database or loads the app.
  const [{ serveInWorkers }, { createLogger }] = await Promise.all([
    import('./serve-in-workers'),
    import('./logger'),
  ]);
  serveInWorkers(config, createLogger(config));
} else {
  const { serve } = await import('./serve');
  // Workers after the first say nothing at start: one banner (or "ready" line) per shop.
  await serve(config, { announce: (cluster.worker?.id ?? 1) === 1 });
}
