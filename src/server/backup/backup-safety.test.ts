import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { everyRow } from '~/test/backup-targets';
import { createProduct, createUser } from '~/test/factories';
import { createTestApp, type TestApp } from '~/test/test-app';
import { shopMigrations } from '../db/client';
import type { Manifest } from './backup-file';
import { restoreBackup } from './restore-backup';
import { shopTables } from './shop-tables';
import { writeBackup } from './write-backup';

// A backup file is data from outside: one handed to `npm run restore` may have been written by
// anyone. The names it uses (tables, columns) must never become SQL, and such a file must change
// nothing in the database it is restored over.
vi.setConfig({ testTimeout: 120_000 });
let t: TestApp;
let dir: string;
let good: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'shop-crafted-'));
  t = await createTestApp();
  await createUser(t);
  await createProduct(t.services, { name: 'Ginger Snap', pricePennies: 350 });
  ({ file: good } = await writeBackup(t.services.db, t.services.dbKind, dir, shopMigrations()));
  // What the database holds when the crafted file arrives: more than the backup has.
  await createProduct(t.services, { name: 'Only in the shop' });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The good backup changed by `edit` (its lines, manifest first), signed again so its checksum holds. */
function crafted(name: string, edit: (lines: string[]) => void): string {
  const lines = gunzipSync(readFileSync(good)).toString().split('\n').slice(0, -2);
  edit(lines);
  const body = `${lines.join('\n')}\n`;
  const rows = lines.filter((l, i) => i > 0 && !l.startsWith('@table ')).length;
  const sha256 = createHash('sha256').update(body).digest('hex');
  const file = path.join(dir, name);
  writeFileSync(file, gzipSync(`${body}@end ${JSON.stringify({ rows, sha256 })}\n`));
  return file;
}

/** Rewrites the first row of `table` with `change`. */
function editFirstRow(lines: string[], table: string, change: (row: Record<string, unknown>) => void) {
  const at = lines.indexOf(`@table ${table}`) + 1;
  const row = JSON.parse(lines[at]!) as Record<string, unknown>;
  change(row);
  lines[at] = JSON.stringify(row);
}

/** Restoring `file` over the shop's database is refused with `message`, and every row stays as it was. */
async function expectRefusedAndNothingChanged(file: string, message: RegExp | string) {
  const tables = await shopTables(t.services.db);
  const before = await everyRow(t.services.db, tables);
  await expect(restoreBackup(t.services.db, file, shopMigrations(), { replace: true })).rejects.toThrow(
    message,
  );
  expect(await shopTables(t.services.db)).toEqual(tables);
  expect(await everyRow(t.services.db, tables)).toEqual(before);
}

describe('a backup on disk', () => {
  it("is kept in a folder created readable by the shop's user only, in a file only it reads", async () => {
    const folder = path.join(dir, 'new', 'backups');
    const { file } = await writeBackup(t.services.db, t.services.dbKind, folder, shopMigrations());
    for (const created of [folder, path.dirname(folder)]) expect(statSync(created).mode & 0o777).toBe(0o700);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});

describe('restoring a crafted backup file', () => {
  it('refuses a table name with SQL in it, before running anything', async () => {
    const injected = 'products" ; commit; drop table orders cascade; --';
    const file = crafted('table-name.jsonl.gz', (lines) => {
      const manifest = JSON.parse(lines[0]!) as Manifest;
      manifest.tables[injected] = 0;
      lines[0] = JSON.stringify(manifest);
    });
    await expectRefusedAndNothingChanged(
      file,
      `cannot be used: it names a table ${JSON.stringify(injected)}, which is no table of the shop`,
    );
  });

  it('refuses a column name with SQL in it, before running anything', async () => {
    const injected = 'name" text); drop table orders cascade; --';
    const file = crafted('column-name.jsonl.gz', (lines) =>
      editFirstRow(lines, 'products', (row) => {
        row[injected] = 'x';
      }),
    );
    await expectRefusedAndNothingChanged(
      file,
      /a row of table products names a column .*drop table orders.*, which is no column of the shop/,
    );
  });

  it('refuses a table or a column the shop does not have, and loads nothing of the file', async () => {
    const stranger = crafted('unknown-column.jsonl.gz', (lines) =>
      editFirstRow(lines, 'products', (row) => {
        row.is_free = true;
      }),
    );
    await expectRefusedAndNothingChanged(
      stranger,
      /its table products has a column is_free, which is not one of the shop's at schema version \d{4}_\S+: nothing was restored/,
    );
    const extraTable = crafted('unknown-table.jsonl.gz', (lines) => {
      const manifest = JSON.parse(lines[0]!) as Manifest;
      manifest.tables.pg_authid_copy = 1;
      lines[0] = JSON.stringify(manifest);
      lines.push('@table pg_authid_copy', '{"rolname":"postgres"}');
    });
    await expectRefusedAndNothingChanged(
      extraTable,
      /it names a table pg_authid_copy, which is not one of the shop's at schema version/,
    );
  });
});
