import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Config } from '../config';
import type { Logger } from '../logger';
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
}

/** Runs once the migrations are applied, still under the migration lock (the seed). */
export type Prepare = (db: Db) => Promise<void>;

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Opens the database, applies pending migrations, then runs `prepare` (the seed) while still
 * holding the migration lock, so two instances starting at once never seed twice. Each driver is
 * loaded only when used: an instance needs PGlite (its wasm PostgreSQL) or `pg`, never both.
 */
export async function openDatabase(
  cfg: Config['database'],
  prepare: Prepare = async () => {},
  log?: Pick<Logger, 'warn'>,
): Promise<Database> {
  if (cfg.kind === 'pglite') {
    const { openEmbedded } = await import('./open-embedded');
    return openEmbedded(cfg.dataDir, migrationsFolder, prepare, cfg.timingsDir);
  }
  const { openPostgres } = await import('./open-postgres');
  return openPostgres(cfg, migrationsFolder, prepare, log);
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
