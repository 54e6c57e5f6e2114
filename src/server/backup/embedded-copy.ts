/**
 * The embedded database's online backup (docs/decisions/038), the parts that run in a child
 * process (backup-child.ts): copying its files while the shop keeps serving, then reading the copy.
 */
import { copyFileSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openDatabase, shopMigrations } from '../db/client';
import type { BackupTask, WrittenInChild } from './backup-children';
import { writeBackup } from './write-backup';

/** PostgreSQL's own entries in the data folder; the shop's (backups, its secret, its lock) are not copied. */
const isDatabaseEntry = (name: string) =>
  name === 'PG_VERSION' ||
  name === 'base' ||
  name === 'global' ||
  name.startsWith('postgresql') ||
  (name.startsWith('pg_') && name !== 'pg_wal');

/**
 * Copies the database's files from `from` into `to`, without pg_wal (copied after pg_backup_stop)
 * and postmaster.pid. The shop writes meanwhile: a file may change or go while it is copied, which
 * the WAL replayed when the copy opens puts right (PostgreSQL's documented base backup).
 */
export function copyDatabaseFiles(from: string, to: string) {
  mkdirSync(path.join(to, 'pg_wal', 'archive_status'), { recursive: true });
  for (const name of readdirSync(from)) {
    if (isDatabaseEntry(name)) copyTree(path.join(from, name), path.join(to, name));
  }
}

function copyTree(from: string, to: string) {
  let isDir: boolean;
  try {
    isDir = statSync(from).isDirectory();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return; // gone meanwhile (a dropped table's file)
    throw err;
  }
  if (!isDir) {
    try {
      copyFileSync(from, to);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    return;
  }
  mkdirSync(to, { recursive: true });
  let names: string[];
  try {
    names = readdirSync(from);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  for (const name of names) copyTree(path.join(from, name), path.join(to, name));
}

/**
 * Completes the copy (the WAL from the backup's start on, its backup_label), opens it with a
 * PGlite of this process's own (PostgreSQL replays the WAL: the copy is the database as it was when
 * the backup stopped), and writes the backup file from it as the shop's own database would.
 */
export async function writeBackupFromCopy(
  task: Extract<BackupTask, { task: 'write' }>,
): Promise<WrittenInChild> {
  // "START WAL LOCATION: 0/2000028 (file 000000010000000000000002)": earlier segments are not needed.
  const first = /\(file ([0-9A-F]{24})\)/.exec(task.label)?.[1] ?? '';
  for (const name of readdirSync(task.walFrom)) {
    const segment = /^[0-9A-F]{24}$/.test(name);
    if ((segment && name >= first) || name.endsWith('.history')) {
      copyFileSync(path.join(task.walFrom, name), path.join(task.copy, 'pg_wal', name));
    }
  }
  writeFileSync(path.join(task.copy, 'backup_label'), task.label);
  const copy = await openDatabase({ kind: 'pglite', dataDir: task.copy }, undefined, undefined, {
    migrate: false,
  });
  try {
    const written = await writeBackup(
      copy.db,
      'pglite',
      task.dir,
      shopMigrations(),
      new Date(task.createdAt),
    );
    return { file: written.file, bytes: written.bytes };
  } finally {
    await copy.close();
  }
}
