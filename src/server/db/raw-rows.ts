import type { SQL } from 'drizzle-orm';
import type { Db, Tx } from './db-types';

/** The rows of a raw statement: both drivers answer `{ rows }`, which drizzle's shared type leaves unknown. */
export async function rawRows<T>(exec: Db | Tx, statement: SQL): Promise<T[]> {
  return ((await exec.execute(statement)) as unknown as { rows: T[] }).rows;
}
