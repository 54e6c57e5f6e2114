import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { changeCounters } from '../db/schema';
import type { Logger } from '../logger';

const NAME = 'catalog';

/**
 * The catalogue's version, for caches. Writers bump it in their transaction (`recordChange`) and
 * call `invalidate()` after commit, so this instance sees the change at once; other instances
 * sharing PostgreSQL notice within `pollMs` by polling the counter.
 */
export function createCatalogVersion(db: Db, log: Logger, pollMs: number | null) {
  let known: number | null = null;
  let timer: NodeJS.Timeout | undefined;

  async function read(): Promise<number> {
    const [row] = await db
      .select({ version: changeCounters.version })
      .from(changeCounters)
      .where(eq(changeCounters.name, NAME));
    return row?.version ?? 0;
  }

  return {
    /** The current version; reads the database only after an invalidation (or before the first read). */
    async current(): Promise<number> {
      known ??= await read();
      return known;
    },
    /** The version if known without asking the database (null just after an invalidation). */
    known(): number | null {
      return known;
    },
    /** Bumps the shared counter; call inside the transaction that changes products. */
    async recordChange(tx: Db | Tx): Promise<void> {
      await tx
        .insert(changeCounters)
        .values({ name: NAME, version: 1 })
        .onConflictDoUpdate({
          target: changeCounters.name,
          set: { version: sql`${changeCounters.version} + 1` },
        });
    },
    /** Forgets the cached version so the next read asks the database; call after commit. */
    invalidate(): void {
      known = null;
    },
    start(): void {
      if (!pollMs || timer) return;
      timer = setInterval(() => {
        read()
          .then((v) => {
            if (known !== null && v !== known) known = null;
          })
          .catch((err) => log.warn({ err }, 'catalogue version poll failed'));
      }, pollMs);
      timer.unref();
    },
    stop(): void {
      clearInterval(timer);
      timer = undefined;
    },
  };
}

export type CatalogVersion = ReturnType<typeof createCatalogVersion>;
