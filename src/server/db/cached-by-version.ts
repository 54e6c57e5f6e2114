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
 * own uncommitted writes must not become everyone's copy). A transaction that must see its own
 * writes of these tables calls `load` directly.
 */
export function cachedByVersion<T>(
  db: Db,
  version: CatalogVersion,
  load: (exec: Db | Tx) => Promise<T>,
): (exec?: Db | Tx) => Promise<T> {
  let kept: { version: number; value: T } | null = null;
  let loading: { version: number; value: Promise<T> } | null = null;

  return async (exec: Db | Tx = db) => {
    const v = exec === db ? await version.current() : await version.seenBy(exec);
    if (kept?.version === v) return kept.value;
    if (exec !== db) return load(exec);
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
  };
}
