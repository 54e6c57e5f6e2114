import { existsSync } from 'node:fs';
import path from 'node:path';
import { recordMachineActivity } from '../activity/activity-log';
import type { Config } from '../config';
import { openDatabase, shopMigrations } from '../db/client';
import { DataDirInUse } from '../db/data-dir';
import type { Logger } from '../logger';
import { type AskOptions, askShopForBackup, type BackupAnswer } from './backup-requests';
import { createBackupService } from './backup-service';
import { restoreBackup } from './restore-backup';
import { holdsData } from './shop-tables';

export interface CommandResult {
  /** Process exit code: 0 done, 1 failed, 2 wrong usage. */
  code: number;
  message: string;
}

type Log = Pick<Logger, 'info' | 'error'>;

/** `npm run backup`: a verified backup of the configured database into BACKUP_DIR. */
export async function runBackupCommand(config: Config, log: Log, ask?: AskOptions): Promise<CommandResult> {
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    // As it is: taking a backup never migrates the database.
    database = await openDatabase(config.database, undefined, undefined, { migrate: false });
  } catch (err) {
    if (!(err instanceof DataDirInUse)) throw err;
    // The embedded shop is running and holds the files: it takes the backup itself, and says
    // how it went (backup-requests.ts), so this command still exits with the backup's outcome.
    log.info({ pid: err.pid }, `The shop is running (process ${err.pid}): it is taking the backup`);
    return outcome(await askShopForBackup(err.dir, err.pid, ask));
  }
  try {
    return outcome(await createBackupService(config.backup, database.db, database.kind, log).take('manual'));
  } finally {
    await database.close();
  }
}

function outcome(result: BackupAnswer): CommandResult {
  if (!result.verified) return { code: 1, message: `Backup failed: ${result.error}` };
  return { code: 0, message: `Backup written and verified: ${result.file}` };
}

export const RESTORE_USAGE = [
  'Usage: npm run restore -- <backup file> [--replace]',
  '  restores the backup into DATA_DIR (embedded) or DATABASE_URL (PostgreSQL); both must be empty',
  '  --replace  restore over a database that holds data (it is backed up first, into BACKUP_DIR)',
].join('\n');

/** `npm run restore -- <file> [--replace]`. */
export async function runRestoreCommand(
  config: Config,
  args: readonly string[],
  log: Log,
): Promise<CommandResult> {
  const replace = args.includes('--replace');
  const files = args.filter((a) => a !== '--replace');
  if (files.length !== 1 || files[0]!.startsWith('-')) return { code: 2, message: RESTORE_USAGE };
  const file = path.resolve(files[0]!);
  if (!existsSync(file)) return { code: 1, message: `No such backup file: ${file}` };
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase(config.database, undefined, undefined, { migrate: false });
  } catch (err) {
    if (err instanceof DataDirInUse) return { code: 1, message: err.message };
    throw err;
  }
  try {
    const { db } = database;
    let saved = '';
    if (await holdsData(db)) {
      if (!replace) {
        return {
          code: 1,
          message:
            'The database holds data: nothing was restored. Restore into an empty DATA_DIR or database, ' +
            'or add --replace to replace it (what is there is backed up first).',
        };
      }
      const before = await createBackupService(config.backup, db, database.kind, log).take('before-restore');
      if (!before.verified)
        return {
          code: 1,
          message: `Nothing was restored: the backup of what is there failed: ${before.error}`,
        };
      saved = ` What was there before is in ${before.file}.`;
    }
    const manifest = await restoreBackup(db, file, shopMigrations(), { replace });
    const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
    // After the restore, so the restored log keeps it: what was restored, over what.
    await db.transaction((tx) =>
      recordMachineActivity(tx, 'npm run restore', {
        kind: 'backup.restored',
        record: ['backup', path.basename(file)],
        after: {
          takenAt: manifest.createdAt,
          rows,
          paidOrders: manifest.paidOrders.count,
          replaced: !!saved,
        },
      }),
    );
    const pounds = (Number(manifest.paidOrders.totalPennies) / 100).toFixed(2);
    return {
      code: 0,
      message:
        `Restored ${file} (taken ${manifest.createdAt} on the ${manifest.source === 'pglite' ? 'embedded database' : 'PostgreSQL database'}): ` +
        `${rows} rows in ${Object.keys(manifest.tables).length} tables, ${manifest.paidOrders.count} paid orders ` +
        `totalling £${pounds}, every count checked.${saved}`,
    };
  } finally {
    await database.close();
  }
}
