import { type SQL, sql } from 'drizzle-orm';
import type { Db } from './client';
import { rawRows } from './raw-rows';

/**
 * Folds tables of rows of changes kept by triggers (decisions 018 and 057) when `due` says some
 * are not folded yet: the `folds` run in one transaction, by one instance at a time. `lockKey` is
 * any fixed number of the caller's; an instance that finds it taken goes on without waiting (the
 * sums are right folded or not; a fold only keeps their reads quick).
 */
export async function foldWhenDue(db: Db, lockKey: number, due: SQL, folds: SQL[]): Promise<void> {
  const [waiting] = await rawRows<{ due: boolean }>(db, sql`select ${due} as due`);
  if (!waiting?.due) return;
  await db.transaction(async (tx) => {
    const [lock] = await rawRows<{ got: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${lockKey}) as got`,
    );
    if (!lock?.got) return;
    for (const fold of folds) await tx.execute(fold);
  });
}
