import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Logger } from '../logger';
import type { Database, Db, Prepare } from './db-types';
import { type Migration, migrate, readMigrations } from './migrate';

// The types live in db-types.ts, which the drivers and migrations import, so none of them imports
// this file back; they are named here too because every service takes its `Db` from the client.
export type { Connections, Database, Db, Prepare, Tx } from './db-types';

export interface OpenOptions {
  /** false: open the database as it is (restore, backup): no migrations, no `prepare`. */
  migrate?: boolean;
  /** Runs before the first pending migration (under the lock); returns the backup it took, if any. */
  beforeMigrating?: (db: Db, pending: Migration[]) => Promise<string | null>;
  /** The migrations to apply (tests: a release with one more); default this release's. */
  migrations?: Migration[];
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
let migrations: Migration[] | null = null;

/** This release's migrations, oldest first. */
export function shopMigrations(): Migration[] {
  migrations ??= readMigrations(migrationsFolder);
  return migrations;
}

/** When the newest migration this release carries was made (drizzle records it once applied). */
export function newestMigrationMillis(): number {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((e) => e.when));
}

/** Whether the database has every migration this release carries (false if it cannot say). */
export async function migrationsDone(db: Db, newest: number, log: Pick<Logger, 'warn'>): Promise<boolean> {
  try {
    const result = await db.execute(sql`select max(created_at) as last from drizzle.__drizzle_migrations`);
    const last = (result as unknown as { rows: { last: string | number | null }[] }).rows[0]?.last;
    return last != null && Number(last) >= newest;
  } catch (err) {
    log.warn({ err }, 'could not read which migrations the database has');
    return false;
  }
}

/**
 * Opens the database, applies pending migrations, then runs `prepare` (the seed) while still
 * holding the migration lock, so two instances starting at once never seed twice. Each driver is
 * loaded only when used: an instance needs PGlite (its wasm PostgreSQL) or `pg`, never both.
 */
export async function openDatabase(
  cfg: Config['database'],
  prepare: Prepare = async () => {},
  log?: Pick<Logger, 'warn'>,
  options: OpenOptions = {},
): Promise<Database> {
  const setUp: Prepare = async (db) => {
    if (options.migrate === false) return;
    await migrate(db, options.migrations ?? shopMigrations(), {
      beforePending: options.beforeMigrating && ((pending) => options.beforeMigrating!(db, pending)),
    });
    await prepare(db);
  };
  if (cfg.kind === 'pglite') {
    const { openEmbedded } = await import('./open-embedded');
    return openEmbedded(cfg.dataDir, setUp, cfg.timingsDir);
  }
  const { openPostgres } = await import('./open-postgres');
  return openPostgres(cfg, setUp, log);
}

/** True when a trivial query answers. */
export async function pingDatabase(db: Db, log: Pick<Logger, 'warn'>): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch (err) {
    // The probe answers "no"; the log says why (refused, timed out, the thread gone).
    log.warn({ err }, 'the database did not answer the health check');
    return false;
  }
}
