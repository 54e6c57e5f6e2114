import { openDatabase, shopMigrations } from '../db/client';
import { restoreBackup } from './restore-backup';

/**
 * Restores `file` into a new in-memory embedded database and compares it with the manifest: the
 * proof that the backup brings the shop back. It runs in a child process of its own
 * (`verifyBackup` in backup-children.ts): the scratch database (hundreds of MB at 100,000 orders)
 * lives there and goes with it.
 */
export async function verifyBackupHere(file: string): Promise<void> {
  const scratch = await openDatabase({ kind: 'pglite', dataDir: 'memory://' }, undefined, undefined, {
    migrate: false,
  });
  try {
    await restoreBackup(scratch.db, file, shopMigrations(), { atBackupSchema: true });
  } finally {
    await scratch.close();
  }
}
