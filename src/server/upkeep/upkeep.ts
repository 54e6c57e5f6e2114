import type { Logger } from '../logger';

/**
 * A piece of background upkeep a domain owns: run once at start (catching up after downtime),
 * then every `everyMs` on this instance. A failure is logged and the next round tries again.
 */
export interface UpkeepJob {
  /** What it does, for the log line of a failure ("expiry sweep"). */
  name: string;
  everyMs: number;
  run: () => Promise<unknown>;
}

/**
 * Runs the jobs now and then on their periods; jobs of one period run in turn, one after the
 * other, so two of them never compete for the database at once. Answers a stop.
 */
export function repeatJobs(jobs: UpkeepJob[], log: Pick<Logger, 'error'>): () => void {
  const periods = new Map<number, UpkeepJob[]>();
  for (const job of jobs) periods.set(job.everyMs, [...(periods.get(job.everyMs) ?? []), job]);
  const timers = [...periods].map(([everyMs, group]) => {
    const run = async () => {
      for (const job of group) await job.run().catch((err) => log.error({ err }, `${job.name} failed`));
    };
    const timer = setInterval(run, everyMs);
    timer.unref();
    void run();
    return timer;
  });
  return () => {
    for (const timer of timers) clearInterval(timer);
  };
}
