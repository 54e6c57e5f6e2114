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
import type { Logger } from '../logger';
import { prepareDataDir } from './data-dir';
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
/**
 * PostgreSQL's default 128 MB of shared buffers lives in PGlite's memory and costs ~115 MB of RSS
 * once touched; a bakery's database is a few MB and the files are in the OS cache anyway.
 */
const EMBEDDED_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

/** Any fixed number: instances starting together take turns to migrate and seed. */
const MIGRATION_LOCK = 7_274_001;

/**
 * Opens the database, applies pending migrations, then runs `prepare` (the seed) while still
 * holding the migration lock, so two instances starting at once never seed twice.
 */
export async function openDatabase(
  cfg: Config['database'],
  prepare: (db: Db) => Promise<void> = async () => {},
  log?: Pick<Logger, 'warn'>,
): Promise<Database> {
  if (cfg.kind === 'pglite') {
    if (!cfg.dataDir.startsWith('memory://')) prepareDataDir(cfg.dataDir);
    const client = await PGlite.create(cfg.dataDir, { startParams: EMBEDDED_START_PARAMS });
    const db = drizzlePglite({ client, schema }) as unknown as Db;
    await migratePglite(db as never, { migrationsFolder });
    await prepare(db);
    return { db, kind: 'pglite', close: () => client.close() };
  }

  const pool = new pg.Pool({ connectionString: cfg.url, max: cfg.poolSize });
  // A connection the server drops (restart, failover, pg_terminate_backend) emits 'error'. The pool
  // listens only while a client is idle; a client checked out for a transaction has no listener,
  // and an unheard 'error' event crashes the process. So every client gets its own listener for
  // life: the query in flight fails (the request answers 503), and the pool discards the client
  // when it is released and opens a new one for the next request.
  const onLost = (err: Error) => log?.warn({ err: err.message }, 'database connection lost');
  pool.on('error', onLost);
  pool.on('connect', (client) => client.on('error', onLost));
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
  db.transaction = transactionsThatReleaseTheirClient(pool);
  return { db, kind: 'postgres', close: () => pool.end() };
}

/**
 * drizzle's pool transaction sends BEGIN before its try/finally, so when BEGIN fails on a dead
 * connection the client is never released: the pool shrinks by one for good, and after
 * DATABASE_POOL_SIZE such failures every request waits forever. This checks the client out
 * itself and always releases it (the pool discards a broken one); the transaction runs through a
 * drizzle handle bound to that client, made once per connection.
 */
function transactionsThatReleaseTheirClient(pool: pg.Pool): Db['transaction'] {
  const handles = new WeakMap<pg.PoolClient, Db>();
  return async (run, config) => {
    const client = await pool.connect();
    try {
      let handle = handles.get(client);
      if (!handle) {
        handle = drizzlePg({ client, schema }) as unknown as Db;
        handles.set(client, handle);
      }
      return await handle.transaction(run, config);
    } finally {
      client.release();
    }
  };
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
