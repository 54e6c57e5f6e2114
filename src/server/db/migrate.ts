import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { Db, Tx } from './db-types';
import { rawRows } from './raw-rows';

/** One migration as drizzle-kit wrote it: its tag (file name) and `when` (what the database records). */
export interface Migration {
  tag: string;
  when: number;
  hash: string;
  statements: string[];
}

/** The migrations in `folder`, oldest first, read the way drizzle's own migrator reads them. */
export function readMigrations(folder: string): Migration[] {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  const metas = readMigrationFiles({ migrationsFolder: folder });
  return journal.entries.map((entry, i) => ({
    tag: entry.tag,
    when: entry.when,
    hash: metas[i]!.hash,
    statements: metas[i]!.sql,
  }));
}

/** What a database records of its migrations: the `when` of the newest applied, or null for none. */
export async function appliedVersion(db: Db | Tx): Promise<number | null> {
  const exists = await rawRows<{ t: string | null }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations')::text as t`,
  );
  if (!exists[0]?.t) return null;
  const last = await rawRows<{ created_at: string | number | null }>(
    db,
    sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  );
  const when = last[0]?.created_at;
  return when == null ? null : Number(when);
}

/** Thrown when a migration fails: names it; the database is as it was before that migration. */
export class MigrationFailed extends Error {
  constructor(
    readonly migration: string,
    cause: unknown,
    backupFile: string | null,
  ) {
    super(
      // drizzle wraps the database's error ("Failed query: ..."); its own words say what went wrong.
      `Migration ${migration} failed: ${((cause as Error).cause as Error | undefined)?.message ?? (cause as Error).message}. It was rolled back: the database is as it ` +
        `was before it${backupFile ? `; the backup taken just before: ${backupFile}` : ''}. The shop does not start on it.`,
      { cause },
    );
    this.name = 'MigrationFailed';
  }
}

export interface MigrateOptions {
  /** Apply only migrations up to this `when` (a restore first rebuilds the backup's schema). */
  upTo?: number;
  /**
   * Runs once before the first pending migration, and only if there is one; returns the backup it
   * took, if any (named when a migration fails).
   */
  beforePending?: (pending: Migration[]) => Promise<string | null>;
  /** Run every statement in this transaction instead of one transaction per migration (restore). */
  inTransaction?: Tx;
}

/**
 * Applies the pending migrations, each in a transaction of its own, recording each in drizzle's
 * table exactly as drizzle's migrator does (same schema, table, hash and `when`), so databases
 * migrated by either agree. A migration that fails is rolled back whole and named
 * (MigrationFailed); those before it stay applied.
 */
export async function migrate(db: Db, migrations: Migration[], options: MigrateOptions = {}): Promise<void> {
  const target = options.inTransaction ?? db;
  await target.execute(sql`create schema if not exists drizzle`);
  await target.execute(
    sql`create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`,
  );
  const applied = await appliedVersion(target);
  const pending = migrations.filter(
    (m) => (applied === null || applied < m.when) && (options.upTo === undefined || m.when <= options.upTo),
  );
  if (pending.length === 0) return;
  const backupFile = options.beforePending ? await options.beforePending(pending) : null;
  for (const migration of pending) {
    const apply = async (tx: Tx | Db) => {
      for (const statement of migration.statements) await tx.execute(sql.raw(statement));
      await tx.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${migration.hash}, ${migration.when})`,
      );
    };
    try {
      if (options.inTransaction) await apply(options.inTransaction);
      else await db.transaction(apply);
    } catch (err) {
      throw new MigrationFailed(migration.tag, err, backupFile);
    }
  }
}
