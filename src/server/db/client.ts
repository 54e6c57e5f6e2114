import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Config } from '../config';
import type { Logger } from '../logger';
import { type Migration, migrate, readMigrations } from './migrate';
import type * as schema from './schema';

/** The database handle every service receives: the same API on PGlite and on PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** Calls `listener` if the database is gone for good (the embedded one's thread crashed). */
  onLost?(listener: (reason: string) => void): void;
  /** Connections busy and requests waiting for one, now (GET /metrics). */
  connections(): Connections;
}

/**
 * PostgreSQL: the pool's connections checked out, and requests waiting for one. The embedded
 * database has one connection on its own thread: busy while it holds a call, the rest waiting.
 */
export interface Connections {
  inUse: number;
  waiting: number;
  max: number;
}

/** Runs once the migrations are applied, still under the migration lock (the seed). */
export type Prepare = (db: Db) => Promise<void>;

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
export async function migrationsDone(db: Db, newest: number): Promise<boolean> {
  try {
    const result = await db.execute(sql`select max(created_at) as last from drizzle.__drizzle_migrations`);
    const last = (result as unknown as { rows: { last: string | number | null }[] }).rows[0]?.last;
    return last != null && Number(last) >= newest;
  } catch {
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
export async function pingDatabase(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
