import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
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
