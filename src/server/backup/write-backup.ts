import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream, existsSync, mkdirSync } from 'node:fs';
import { open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { OWNER_ONLY } from '../db/data-dir';
import { appliedVersion, type Migration } from '../db/migrate';
import { rawRows } from '../db/raw-rows';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  backupFileName,
  END_MARK,
  type Manifest,
  TABLE_MARK,
} from './backup-file';
import { countRows, paidOrders, shopTables } from './shop-tables';

/** Rows fetched from the database per round trip: a few MB at most, so memory stays flat. */
const ROWS_PER_FETCH = 2000;

export interface WrittenBackup {
  file: string;
  manifest: Manifest;
  bytes: number;
  /** How long the database snapshot was held (on the embedded database, the shop waits meanwhile). */
  snapshotMs: number;
}

/**
 * Writes a backup of `db` into `dir` (docs/decisions/027): every row of every shop table read in
 * one REPEATABLE READ, READ ONLY transaction (one instant of the database, while the shop keeps
 * writing on PostgreSQL), streamed through gzip into a hidden temporary file that is fsynced and
 * only then renamed to its `shop-<time>.jsonl.gz` name, so a file with that name is complete.
 */
export async function writeBackup(
  db: Db,
  source: Manifest['source'],
  dir: string,
  migrations: Migration[],
  now = new Date(),
): Promise<WrittenBackup> {
  mkdirSync(dir, { recursive: true, mode: OWNER_ONLY });
  let name = backupFileName(now);
  for (let n = 2; existsSync(path.join(dir, name)); n++) name = backupFileName(now, `-${n}`);
  const file = path.join(dir, name);
  const partial = path.join(dir, `.${name}.partial`);
  const gzip = createGzip({ level: 4 });
  // `flush`: the file is fsynced before it is closed, so the rename below never names a file
  // whose content could still be lost in a crash.
  const written = pipeline(gzip, createWriteStream(partial, { mode: 0o600, flush: true }));
  written.catch(() => {}); // awaited below; a failure surfaces there
  const hash = createHash('sha256');
  let rows = 0;
  const put = async (text: string) => {
    hash.update(text);
    if (!gzip.write(text)) await once(gzip, 'drain');
  };
  try {
    const started = performance.now();
    const manifest = await db.transaction(
      async (tx) => {
        const tables = await shopTables(tx);
        const when = await appliedVersion(tx);
        const migration = migrations.find((m) => m.when === when);
        const manifest: Manifest = {
          format: BACKUP_FORMAT,
          version: BACKUP_FORMAT_VERSION,
          createdAt: now.toISOString(),
          source,
          schema: { migration: migration?.tag ?? `unknown (${when})`, when: when ?? 0 },
          tables: await countRows(tx, tables),
          paidOrders: await paidOrders(tx),
        };
        await put(`${JSON.stringify(manifest)}\n`);
        for (const table of tables) {
          await put(`${TABLE_MARK}${table}\n`);
          await tx.execute(
            sql.raw(
              `declare backup_rows no scroll cursor for select row_to_json(t)::text as j from "${table}" t`,
            ),
          );
          for (;;) {
            const chunk = await rawRows<{ j: string }>(
              tx,
              sql.raw(`fetch ${ROWS_PER_FETCH} from backup_rows`),
            );
            if (chunk.length > 0) {
              rows += chunk.length;
              await put(`${chunk.map((r) => r.j).join('\n')}\n`);
            }
            if (chunk.length < ROWS_PER_FETCH) break;
          }
          await tx.execute(sql.raw('close backup_rows'));
        }
        return manifest;
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    const snapshotMs = performance.now() - started;
    gzip.end(`${END_MARK}${JSON.stringify({ rows, sha256: hash.digest('hex') })}\n`);
    await written;
    await rename(partial, file);
    await syncFolder(dir);
    const { size } = await stat(file);
    return { file, manifest, bytes: size, snapshotMs };
  } catch (err) {
    gzip.destroy();
    await written.catch(() => {});
    await rm(partial, { force: true });
    throw err;
  }
}

/** The rename itself survives a crash only once the folder is written down. */
async function syncFolder(dir: string) {
  const folder = await open(dir, 'r');
  try {
    await folder.sync();
  } finally {
    await folder.close();
  }
}
