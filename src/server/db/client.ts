import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Config } from '../config';
import * as schema from './schema';

/** The database handle every service receives: the same API on PGlite and on PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
/** Any fixed number: instances starting together take turns to migrate and seed. */
const MIGRATION_LOCK = 7_274_001;

/**
 * Opens the database, applies pending migrations, then runs `prepare` (the seed) while still
 * holding the migration lock, so two instances starting at once never seed twice.
 */
export async function openDatabase(
  cfg: Config['database'],
  prepare: (db: Db) => Promise<void> = async () => {},
): Promise<Database> {
  if (cfg.kind === 'pglite') {
    if (!cfg.dataDir.startsWith('memory://')) mkdirSync(cfg.dataDir, { recursive: true });
    const client = await PGlite.create(cfg.dataDir);
    const db = drizzlePglite({ client, schema }) as unknown as Db;
    await migratePglite(db as never, { migrationsFolder });
    await prepare(db);
    return { db, kind: 'pglite', close: () => client.close() };
  }

  const pool = new pg.Pool({ connectionString: cfg.url, max: cfg.poolSize });
  // An idle connection the server drops (restart, failover, shutdown) is discarded by the pool and
  // replaced on the next query; without a listener its 'error' event would crash the process.
  pool.on('error', () => {});
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const lockedDb = drizzlePg({ client: lockClient, schema });
    await migratePg(lockedDb, { migrationsFolder });
    await prepare(lockedDb as unknown as Db);
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    lockClient.release();
  }
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return { db, kind: 'postgres', close: () => pool.end() };
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
