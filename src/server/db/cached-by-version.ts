import type { CatalogVersion } from './catalog-version';
import type { Db, Tx } from './client';

/**
 * A shop-wide read (the settings row, the delivery zones) kept in memory per catalogue version
 * (decision 056): every writer of what `load` reads bumps the version (catalog-version.ts), so
 * this instance sees a change at once, other instances within the version's poll, and a
 * transaction at once (the version as it sees it, `seenBy`).
 *
 * `load` runs after the version is read, so what is kept is never older than its version. Callers
 * missing at once share one load; a load that fails is not kept. Inside a transaction (`exec` not
 * `db`) a hit answers from memory, but a miss reads through the transaction and is not kept (its
 * own uncommitted writes must not become everyone's copy): the copy is then read beside it, through
 * `db`, for the next ones. A transaction that must see its own
 * writes of these tables calls `load` directly.
 */
export function cachedByVersion<T>(
  db: Db,
  version: CatalogVersion,
  load: (exec: Db | Tx) => Promise<T>,
): (exec?: Db | Tx) => Promise<T> {
  let kept: { version: number; value: T } | null = null;
  let loading: { version: number; value: Promise<T> } | null = null;

  async function fromDb(): Promise<T> {
    const v = await version.current();
    if (kept?.version === v) return kept.value;
    if (loading?.version !== v) {
      const entry = { version: v, value: load(db) };
      loading = entry;
      entry.value.then(
        (value) => {
          kept = { version: v, value };
          if (loading === entry) loading = null;
        },
        () => {
          if (loading === entry) loading = null;
        },
      );
    }
    return loading.value;
  }

  return async (exec: Db | Tx = db) => {
    if (exec === db) return fromDb();
    const v = await version.seenBy(exec);
    if (kept?.version === v) return kept.value;
    // Kept for the transactions after this one: read beside it through `db`, as any page's read
    // (on the embedded database it runs once this transaction ends: nothing here waits for it).
    fromDb().catch(() => {});
    return load(exec);
  };
}
