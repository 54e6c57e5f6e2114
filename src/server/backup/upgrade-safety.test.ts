import { readdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import {
  type EmptyTarget,
  emptyEmbeddedTarget,
  emptyPostgresTarget,
  testConfig,
} from '~/test/backup-targets';
import { openDatabase, shopMigrations } from '../db/client';
import { appliedVersion, type Migration, MigrationFailed, migrate } from '../db/migrate';
import { rawRows } from '../db/raw-rows';
import { runRestoreCommand } from './backup-commands';
import { checkBackupFile } from './backup-file';
import { backUpBeforeMigrating } from './before-migrating';

// Each case opens new databases and verifies a backup (a new embedded database): seconds each.
vi.setConfig({ testTimeout: 180_000 });
const silent = { info() {}, error() {} };
const targets: EmptyTarget[] = [];
afterEach(async () => {
  for (const t of targets.splice(0)) await t.drop();
});

async function newTarget() {
  const testDb = inject('testDb');
  const target = testDb.kind === 'pglite' ? emptyEmbeddedTarget() : await emptyPostgresTarget(testDb.url);
  targets.push(target);
  return target;
}

/** A database as the previous release left it: every migration but the newest, with a customer and a product. */
async function previousReleaseWithData() {
  const config = testConfig((await newTarget()).env);
  const all = shopMigrations();
  const old = await openDatabase(config.database, undefined, undefined, { migrate: false });
  await migrate(old.db, all, { upTo: all.at(-2)!.when });
  await old.db.execute(
    sql`insert into users (id, name, email) values ('u1', 'Mary Smith', 'mary@example.com')`,
  );
  await old.db.execute(sql`insert into products (name, price_pennies) values ('Ginger Snap', 350)`);
  await old.close();
  return config;
}

const opened = (config: ReturnType<typeof testConfig>, migrations?: Migration[]) =>
  openDatabase(config.database, undefined, undefined, {
    migrations,
    beforeMigrating: (db, pending) => backUpBeforeMigrating(config, db, pending, silent),
  });

const backupsIn = (dir: string) => readdirSync(dir).filter((f) => /^shop-.*\.jsonl\.gz$/.test(f));

describe('an upgrade', () => {
  it("starts on the previous release's data with nothing lost, after a verified backup", async () => {
    const config = await previousReleaseWithData();
    const db = await opened(config);
    try {
      expect(await appliedVersion(db.db)).toBe(shopMigrations().at(-1)!.when);
      expect(await rawRows(db.db, sql`select email from users`)).toEqual([{ email: 'mary@example.com' }]);
      expect(await rawRows(db.db, sql`select name, price_pennies from products`)).toEqual([
        { name: 'Ginger Snap', price_pennies: 350 },
      ]);
    } finally {
      await db.close();
    }
    const [backup] = backupsIn(config.backup.dir!);
    const manifest = await checkBackupFile(path.join(config.backup.dir!, backup!));
    expect(manifest.schema.migration).toBe(shopMigrations().at(-2)!.tag);
    expect(manifest.tables).toMatchObject({ users: 1, products: 1 });
  });

  it('that fails leaves the database as it was, names the migration and the backup, and does not start', async () => {
    const config = await previousReleaseWithData();
    const broken: Migration = {
      tag: '9999_broken',
      when: shopMigrations().at(-1)!.when + 1,
      hash: 'broken',
      statements: ['alter table products add column broken integer', 'select 1 / 0'],
    };
    const failed = await opened(config, [...shopMigrations(), broken]).then(
      () => null,
      (err: unknown) => err,
    );
    expect(failed).toBeInstanceOf(MigrationFailed);
    const [backup] = backupsIn(config.backup.dir!);
    expect((failed as Error).message).toContain('Migration 9999_broken failed: division by zero');
    expect((failed as Error).message).toContain(path.join(config.backup.dir!, backup!));

    // The migrations before it were applied; the broken one left nothing behind; the data is all there.
    const db = await openDatabase(config.database, undefined, undefined, { migrate: false });
    try {
      expect(await appliedVersion(db.db)).toBe(shopMigrations().at(-1)!.when);
      expect(
        await rawRows(
          db.db,
          sql`select column_name from information_schema.columns where column_name = 'broken'`,
        ),
      ).toEqual([]);
      expect(await rawRows(db.db, sql`select count(*)::int as n from products`)).toEqual([{ n: 1 }]);
    } finally {
      await db.close();
    }
    // The backup taken just before brings the previous release's data back on this release.
    const restored = await newTarget();
    expect(
      await runRestoreCommand(testConfig(restored.env), [path.join(config.backup.dir!, backup!)], silent),
    ).toMatchObject({ code: 0 });
  });

  it('does not migrate a database holding data without somewhere to back it up', async () => {
    const config = await previousReleaseWithData();
    const failed = await opened({ ...config, backup: { ...config.backup, dir: null } }).then(
      () => null,
      (err: unknown) => err as Error,
    );
    expect(failed?.message).toMatch(/backup before them failed: BACKUP_DIR is not set.*Nothing was changed/);
    const db = await openDatabase(config.database, undefined, undefined, { migrate: false });
    try {
      expect(await appliedVersion(db.db)).toBe(shopMigrations().at(-2)!.when);
    } finally {
      await db.close();
    }
  });
});
