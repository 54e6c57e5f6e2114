import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Config } from '../config';
import type { Logger } from '../logger';
import type { Database, Db, Prepare } from './db-types';
import * as schema from './schema';

/** Any fixed number: instances starting together take turns to migrate and seed. */
const MIGRATION_LOCK = 7_274_001;

/** A PostgreSQL server (DATABASE_URL): a pool per instance; migrations and seed under an advisory lock. */
export async function openPostgres(
  cfg: Extract<Config['database'], { kind: 'postgres' }>,
  prepare: Prepare,
  log?: Pick<Logger, 'warn'>,
): Promise<Database> {
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
    // `prepare` migrates and seeds, on this one connection, holding the lock.
    await prepare(drizzle({ client: lockClient, schema }) as unknown as Db);
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    lockClient.release();
  }
  const db = drizzle({ client: pool, schema }) as unknown as Db;
  db.transaction = transactionsThatReleaseTheirClient(pool);
  return {
    db,
    kind: 'postgres',
    close: () => pool.end(),
    connections: () => ({
      inUse: pool.totalCount - pool.idleCount,
      waiting: pool.waitingCount,
      max: cfg.poolSize,
    }),
  };
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
        handle = drizzle({ client, schema }) as unknown as Db;
        handles.set(client, handle);
      }
      return await handle.transaction(run, config);
    } finally {
      client.release();
    }
  };
}
