import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Migration } from '../db/migrate';
import type { Logger } from '../logger';
import { createBackupService } from './backup-service';
import { holdsData } from './shop-tables';

/**
 * Before migrations change a database that holds data, a verified backup (as Ghost takes one
 * before an upgrade). Without one the migrations are not applied and the shop does not start:
 * an upgrade never runs without a way back. Returns the backup's file (named if a migration fails).
 */
export async function backUpBeforeMigrating(
  config: Config,
  db: Db,
  pending: Migration[],
  log: Pick<Logger, 'info' | 'error'>,
): Promise<string | null> {
  if (!(await holdsData(db))) return null;
  const names = pending.map((m) => m.tag).join(', ');
  log.info({ migrations: names }, 'backing up before migrating');
  const result = await createBackupService(config.backup, db, config.database.kind, log).take(
    'before-migration',
  );
  if (!result.verified) {
    throw new Error(
      `Migrations to apply (${names}), but the backup before them failed: ${result.error}. ` +
        'Nothing was changed; the shop does not start until a backup can be taken (BACKUP_DIR).',
    );
  }
  return result.file;
}
