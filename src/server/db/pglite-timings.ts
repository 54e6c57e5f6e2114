/**
 * Opt-in: how long the embedded database's thread spends on each statement, summed by its text
 * and written when the database closes to `<PGLITE_TIMINGS>/pglite-timings-<pid>.tsv` (a folder:
 * a benchmark's own seeding and checking open the database too, in another process). Used to
 * find what to make cheaper (bench/RESULTS.md, "Database-thread time per order on the embedded
 * database"); unset, none of this runs.
 *
 * The clock runs only while the statement holds PGlite's query lock (not while it waits for a
 * transaction to end), so the sums are the thread's work: parse, plan, execute, triggers
 * included. BEGIN/COMMIT/ROLLBACK have no text here and are counted as "(transaction control)".
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { PGlite } from '@electric-sql/pglite';

const CONTROL = '(transaction control)';

export interface StatementTimings {
  /** Runs `query` with its time counted under `text`. */
  measure<T>(text: string, query: () => Promise<T>): Promise<T>;
  /** Writes the sums, most expensive first: total ms, count, mean ms, statement. */
  write(): void;
}

export function statementTimings(db: PGlite, folder: string | undefined): StatementTimings | null {
  if (!folder) return null;
  const current = new AsyncLocalStorage<string>();
  const sums = new Map<string, { ms: number; count: number }>();
  // Every statement, in or out of a transaction, runs inside this lock, one at a time.
  const locked = db._runExclusiveQuery.bind(db);
  db._runExclusiveQuery = <T>(fn: () => Promise<T>) => {
    const text = current.getStore() ?? CONTROL;
    return locked(async () => {
      const start = performance.now();
      try {
        return await fn();
      } finally {
        const sum = sums.get(text) ?? { ms: 0, count: 0 };
        sum.ms += performance.now() - start;
        sum.count += 1;
        sums.set(text, sum);
      }
    });
  };
  return {
    measure: (text, query) => current.run(text, query),
    write() {
      const rows = [...sums].sort(([, a], [, b]) => b.ms - a.ms);
      const lines = rows.map(
        ([text, { ms, count }]) =>
          `${ms.toFixed(1)}\t${count}\t${(ms / count).toFixed(3)}\t${text.replace(/\s+/g, ' ')}`,
      );
      const file = path.join(folder, `pglite-timings-${process.pid}.tsv`);
      writeFileSync(file, `total_ms\tcount\tmean_ms\tstatement\n${lines.join('\n')}\n`);
    },
  };
}
