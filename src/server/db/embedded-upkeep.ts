import { sql } from 'drizzle-orm';
import type { Logger } from '../logger';
import type { Db } from './client';

interface TableDue {
  table: string;
  vacuum: boolean;
  analyze: boolean;
}

/**
 * PostgreSQL's own rule for when autovacuum takes a table, with its own settings: dead rows beyond
 * threshold + scale factor x rows, rows inserted since the last vacuum likewise (so index-only
 * scans can skip the table), rows changed since the last analyze for the planner's statistics.
 */
const TABLES_DUE = sql`
  select s.relname as "table",
    s.n_dead_tup > current_setting('autovacuum_vacuum_threshold')::float8
        + current_setting('autovacuum_vacuum_scale_factor')::float8 * greatest(c.reltuples, 0)
      or s.n_ins_since_vacuum > current_setting('autovacuum_vacuum_insert_threshold')::float8
        + current_setting('autovacuum_vacuum_insert_scale_factor')::float8 * greatest(c.reltuples, 0)
      as vacuum,
    s.n_mod_since_analyze > current_setting('autovacuum_analyze_threshold')::float8
        + current_setting('autovacuum_analyze_scale_factor')::float8 * greatest(c.reltuples, 0)
      as analyze
  from pg_stat_user_tables s join pg_class c on c.oid = s.relid
  where s.schemaname = 'public'
  order by s.relname`;

/**
 * Does once what autovacuum would do now: vacuums (and analyzes) each table its rule says is due,
 * one table at a time, and analyzes those only due for statistics. Answers the tables it took.
 */
export async function upkeepOnce(db: Db): Promise<TableDue[]> {
  const due = ((await db.execute(TABLES_DUE)) as unknown as { rows: TableDue[] }).rows.filter(
    (t) => t.vacuum || t.analyze,
  );
  for (const { table, vacuum } of due) {
    const name = sql.identifier(table);
    await db.execute(vacuum ? sql`vacuum (analyze) ${name}` : sql`analyze ${name}`);
  }
  return due;
}

/**
 * The embedded database is PostgreSQL in single-user mode, which runs no autovacuum: without this,
 * every update and delete would leave its old row version in the table and its indexes for good
 * (files grow, scans slow down, index-only scans never happen) and the planner would never learn
 * what the tables hold. Each vacuum holds the one connection while it runs: a few ms for a
 * bakery's tables, more for very large ones (bench/RESULTS.md), so it goes table by table.
 */
export function startEmbeddedUpkeep(db: Db, log: Pick<Logger, 'debug' | 'error'>, everyMs = 60_000) {
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    const started = performance.now();
    try {
      const done = await upkeepOnce(db);
      if (done.length)
        log.debug({ tables: done, ms: Math.round(performance.now() - started) }, 'embedded database upkeep');
    } catch (err) {
      log.error({ err }, 'embedded database upkeep failed');
    } finally {
      running = false;
    }
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
