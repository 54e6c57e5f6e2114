import { eq, sql } from 'drizzle-orm';
import type { Logger } from '../logger';
import type { Db, Tx } from './client';
import { rawRows } from './raw-rows';
import { changeCounters } from './schema';

const NAME = 'catalog';

/**
 * Bumps the shared counter; call inside the transaction that changes what the version covers
 * (products, the shop's settings, delivery zones). For writers without a `CatalogVersion` (seeds,
 * restores); with one, write through its `changing`.
 */
export async function recordCatalogChange(tx: Db | Tx): Promise<void> {
  await tx
    .insert(changeCounters)
    .values({ name: NAME, version: 1 })
    .onConflictDoUpdate({
      target: changeCounters.name,
      set: { version: sql`${changeCounters.version} + 1` },
    });
}

/** The version `exec`'s database holds, or null where it has no counter table (not yet migrated). */
export async function storedCatalogVersion(exec: Db | Tx): Promise<number | null> {
  const [table] = await rawRows<{ present: boolean }>(
    exec,
    sql`select to_regclass('public.change_counters') is not null as present`,
  );
  return table?.present ? readVersion(exec) : null;
}

/**
 * After a restore: a version past both the restored one and `before` (what the replaced database
 * held, which running instances may have kept), so every cache kept against either notices.
 */
export async function moveCatalogVersionPast(tx: Db | Tx, before: number): Promise<void> {
  await tx
    .insert(changeCounters)
    .values({ name: NAME, version: before + 1 })
    .onConflictDoUpdate({
      target: changeCounters.name,
      set: { version: sql`greatest(${changeCounters.version}, ${before}) + 1` },
    });
}

async function readVersion(exec: Db | Tx): Promise<number> {
  const [row] = await exec
    .select({ version: changeCounters.version })
    .from(changeCounters)
    .where(eq(changeCounters.name, NAME));
  return row?.version ?? 0;
}

/**
 * The version of what every visitor shares (the catalogue, the shop's settings, its delivery
 * zones), for caches. Writers change them through `changing`, which bumps it in their transaction
 * and forgets it after commit, so this instance sees the change at once; other instances sharing
 * PostgreSQL notice within `pollMs` by polling the counter.
 */
export function createCatalogVersion(db: Db, log: Logger, pollMs: number | null) {
  let known: number | null = null;
  // A read that began before an invalidation may answer the old version after it: the epoch tells
  // it not to keep that answer.
  let epoch = 0;
  let reading: Promise<number> | null = null;
  let timer: NodeJS.Timeout | undefined;
  const seen = new WeakMap<Db | Tx, Promise<number>>();

  function forget(): void {
    known = null;
    reading = null;
    epoch++;
  }

  return {
    /**
     * The current version; reads the database only after an invalidation (or before the first
     * read), one read shared by every caller waiting for it. On PostgreSQL another instance's
     * change is noticed within `pollMs`.
     */
    async current(): Promise<number> {
      if (known !== null) return known;
      if (!reading) {
        const started = epoch;
        const read = readVersion(db);
        reading = read;
        const done = () => {
          if (reading === read) reading = null;
        };
        read.then((v) => {
          if (epoch === started) known = v;
          done();
        }, done);
      }
      return reading;
    },
    /**
     * The version as transaction `tx` sees it, for what it reads and acts on (an order's fee and
     * zone). Where this process is the database's only user (embedded, `pollMs` null) that is the
     * known version; on PostgreSQL it is read in the transaction, so another instance's committed
     * change counts at once, not after the poll. Never kept (on the embedded database a statement
     * beside an open transaction would wait for it, and the transaction's own uncommitted bump
     * must not become the version everyone trusts); one differing from the known version makes
     * this process read it again.
     */
    async seenBy(tx: Db | Tx): Promise<number> {
      if (!pollMs && known !== null) return known;
      // Once per transaction: its settings and its zones are priced by the same version.
      let read = seen.get(tx);
      if (!read) {
        read = readVersion(tx);
        seen.set(tx, read);
        read.then(
          (v) => {
            if (known !== null && v !== known) forget();
          },
          () => seen.delete(tx),
        );
      }
      return read;
    },
    /** The version if known without asking the database (null just after an invalidation). */
    known(): number | null {
      return known;
    },
    /** Bumps the shared counter; call inside the transaction that changes what the version covers. */
    recordChange: recordCatalogChange,
    /** Forgets the cached version so the next read asks the database; call after commit. */
    invalidate: forget,
    /**
     * Runs `write` in a transaction that also bumps the counter, and forgets the version after
     * commit: the way every writer of what the version covers changes it.
     */
    async changing<T>(write: (tx: Tx) => Promise<T>): Promise<T> {
      const result = await db.transaction(async (tx) => {
        const out = await write(tx);
        await recordCatalogChange(tx);
        return out;
      });
      forget();
      return result;
    },
    start(): void {
      if (!pollMs || timer) return;
      timer = setInterval(() => {
        readVersion(db)
          .then((v) => {
            if (known !== null && v !== known) forget();
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
