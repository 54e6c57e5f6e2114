import cluster from 'node:cluster';
import type { Config } from './config';
import type { Logger } from './logger';
import { answerClusterScrapes } from './metrics/cluster-metrics';

/** How long stopping waits for a worker to close its connections before it is killed. */
const STOP_GRACE_MS = 10_000;
/** How long to wait before starting again a replacement worker that failed to start. */
const RETRY_START_MS = 5_000;

/**
 * The primary of `WEB_CONCURRENCY` > 1 (PostgreSQL only; config.ts refuses it on the embedded
 * database): forks that many workers, each running serve() as a lone instance would, sharing the
 * port (the primary hands each new connection to the next worker in turn). Instances share
 * nothing but PostgreSQL (docs/production.md, "Running several instances"), so workers on one machine are
 * simply instances that use every core (docs/decisions/023).
 *
 * A worker that dies after it was listening is replaced and logged. One that dies before it ever
 * listened stops the shop when the shop is starting (database unreachable, port taken: it would
 * fail again and again); later, a replacement that fails to start is tried again every 5 s. SIGINT/SIGTERM stop every worker (each closes its server and its database
 * pool), then the primary.
 */
export function serveInWorkers(config: Config, log: Logger) {
  const listening = new Set<number>();
  /** Every worker of the first start has listened: from then on a failed start is retried. */
  let started = false;
  let stopping = false;
  let exitCode = 0;

  cluster.on('listening', (worker) => {
    listening.add(worker.id);
    if (listening.size < config.processes) return;
    started = true;
    log.info({ processes: config.processes }, `${config.processes} server processes listening`);
    // A parent that started the shop with an IPC channel (a process manager, the benchmarks)
    // learns when every worker takes connections: the first to listen would otherwise get them all.
    process.send?.({ listening: config.processes });
  });

  cluster.on('exit', (worker, code, signal) => {
    const wasListening = listening.delete(worker.id);
    const fields = { pid: worker.process.pid, code, signal };
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCode);
    } else if (!wasListening && !started) {
      log.error(fields, 'a server process failed to start: stopping the shop');
      stop(1);
    } else if (!wasListening) {
      // A replacement that cannot start (the database down for a while, say): the others go on
      // serving, and it is tried again a little later rather than in a tight loop.
      log.error(fields, `a server process failed to start: trying again in ${RETRY_START_MS / 1000} s`);
      setTimeout(() => stopping || cluster.fork(), RETRY_START_MS);
    } else {
      log.error(fields, 'a server process died: starting another');
      cluster.fork();
    }
  });

  function stop(code: number) {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit(exitCode);
    for (const worker of workers) worker?.process.kill('SIGTERM');
    setTimeout(() => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
    }, STOP_GRACE_MS).unref();
  }

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      log.info({ signal }, 'shutting down');
      stop(0);
    });
  }

  answerClusterScrapes();
  for (let i = 0; i < config.processes; i++) cluster.fork();
}
