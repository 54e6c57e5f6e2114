import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { desc, eq, sql } from 'drizzle-orm';
import { recordMachineActivity } from '../activity/activity-log';
import type { Config } from '../config';
import { type Db, shopMigrations } from '../db/client';
import { OWNER_ONLY } from '../db/data-dir';
import { rawRows } from '../db/raw-rows';
import { backupRuns } from '../db/schema';
import type { Logger } from '../logger';
import { runBackupChild, verifyBackup as verifyInChild, type WrittenInChild } from './backup-children';
import { BACKUP_FILE_PATTERN } from './backup-file';
import { nextBackupAt } from './backup-schedule';
import { writeBackup } from './write-backup';

export type BackupReason = 'scheduled' | 'manual' | 'before-migration' | 'before-restore';

/** Who the activity log names for a backup: what made it, as the owner would say it. */
const BACKUP_BY: Record<BackupReason, string> = {
  scheduled: 'The daily backup',
  manual: 'npm run backup',
  'before-migration': 'The upgrade (before migrating)',
  'before-restore': 'npm run restore (before replacing)',
};

export interface BackupResult {
  verified: boolean;
  file: string | null;
  error: string | null;
  /** Milliseconds the database snapshot was held, and the whole run took. */
  snapshotMs?: number;
  totalMs: number;
}

/** What the back office shows: the newest run, and the newest verified one if that was not it. */
export interface BackupStatus {
  last: { at: string; verified: boolean; error: string | null; file: string | null } | null;
  lastVerifiedAt: string | null;
}

/** The default BACKUP_TIME_LIMIT: 30 minutes. */
const DEFAULT_TIME_LIMIT_MS = 30 * 60_000;

/**
 * Restores `file` into a new in-memory embedded database, in a child process of its own, and
 * compares it with the manifest: the proof that the backup brings the shop back (verify-backup.ts).
 */
export function verifyBackup(file: string, timeLimitMs = DEFAULT_TIME_LIMIT_MS): Promise<void> {
  return verifyInChild(file, timeLimitMs);
}

export interface ShopBackupWritten {
  file: string;
  bytes: number;
  /** Milliseconds the shop's database was held (its queries waited meanwhile on the embedded database). */
  snapshotMs: number;
}

/**
 * Writes a backup file of the shop's database into `settings.dir`:
 * - on the embedded database in a folder, online (docs/decisions/038): `pg_backup_start` (a
 *   checkpoint: the only moment the shop's queries wait, with `pg_backup_stop`), a child process
 *   copies the database's files while the shop keeps serving, `pg_backup_stop`, then another child
 *   opens the copy (with the WAL written meanwhile) with its own PGlite and writes the file from it;
 * - otherwise (PostgreSQL, or an in-memory database) in one REPEATABLE READ snapshot read here
 *   (write-backup.ts): PostgreSQL keeps serving meanwhile.
 */
export async function writeShopBackup(
  db: Db,
  source: 'pglite' | 'postgres',
  settings: Pick<Config['backup'], 'dir' | 'dataDir' | 'timeLimitMs'>,
  startedAt: Date,
): Promise<ShopBackupWritten> {
  if (!settings.dir) throw new Error('BACKUP_DIR is not set (it is required with DATABASE_URL)');
  const dataDir = settings.dataDir;
  if (source !== 'pglite' || !dataDir || dataDir.startsWith('memory://')) {
    const { file, bytes, snapshotMs } = await writeBackup(
      db,
      source,
      settings.dir,
      shopMigrations(),
      startedAt,
    );
    return { file, bytes, snapshotMs };
  }
  const limit = settings.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS;
  await mkdir(settings.dir, { recursive: true, mode: OWNER_ONLY });
  // A copy left by a backup that never finished (the shop stopped mid-way) is of no use.
  for (const name of await readdir(settings.dir)) {
    if (name.startsWith('.copy-')) await rm(path.join(settings.dir, name), { recursive: true, force: true });
  }
  const copy = await mkdtemp(path.join(settings.dir, '.copy-'));
  let held = 0;
  let started = false;
  let label: string | null = null;
  const timed = async <T>(run: () => Promise<T>) => {
    const t = performance.now();
    try {
      return await run();
    } finally {
      held += performance.now() - t;
    }
  };
  const stop = () =>
    timed(() => rawRows<{ labelfile: string }>(db, sql`select labelfile from pg_backup_stop(false)`));
  try {
    await timed(() =>
      db.execute(sql`select pg_backup_start(${`shop backup ${startedAt.toISOString()}`}, true)`),
    );
    started = true;
    await runBackupChild(
      { task: 'copy', from: path.resolve(dataDir), to: copy },
      limit,
      "copying the database's files",
    );
    const [stopped] = await stop();
    started = false;
    label = stopped!.labelfile;
    const written = await runBackupChild<WrittenInChild>(
      {
        task: 'write',
        copy,
        walFrom: path.join(path.resolve(dataDir), 'pg_wal'),
        label,
        dir: settings.dir,
        createdAt: startedAt.toISOString(),
      },
      limit,
      'writing the backup file',
    );
    return { ...written, snapshotMs: held };
  } finally {
    if (started) await stop().catch(() => {});
    await rm(copy, { recursive: true, force: true });
  }
}

/**
 * Takes, verifies, copies (BACKUP_COMMAND) and records backups (docs/decisions/027). A failure
 * never throws: it is logged as an error, recorded (the back office shows it in red) and returned.
 */
export function createBackupService(
  settings: Config['backup'],
  db: Db,
  source: 'pglite' | 'postgres',
  log: Pick<Logger, 'info' | 'error'>,
) {
  let running: Promise<BackupResult> | null = null;

  async function takeOnce(reason: BackupReason): Promise<BackupResult> {
    const startedAt = new Date();
    const started = performance.now();
    let file: string | null = null;
    let bytes: number | null = null;
    let snapshotMs: number | undefined;
    try {
      const dir = settings.dir;
      if (!dir) throw new Error('BACKUP_DIR is not set (it is required with DATABASE_URL)');
      const written = await writeShopBackup(db, source, { ...settings, dir }, startedAt);
      ({ file, bytes, snapshotMs } = written);
      try {
        await verifyBackup(file, settings.timeLimitMs);
      } catch (err) {
        // Keep it for inspection, under a name no restore or pruning takes for a good backup.
        await rename(file, `${file}.failed`).catch(() => {});
        file = `${file}.failed`;
        throw new Error(`it did not verify: ${(err as Error).message}`);
      }
      if (settings.command) await runCommand(settings.command, file);
      await prune(dir, settings.keep);
      const totalMs = performance.now() - started;
      log.info(
        { reason, file, bytes, snapshotMs: Math.round(snapshotMs), totalMs: Math.round(totalMs) },
        'backup verified',
      );
      await record({ reason, startedAt, file, bytes, verified: true, error: null });
      return { verified: true, file, error: null, snapshotMs, totalMs };
    } catch (err) {
      const error = (err as Error).message;
      log.error({ reason, file, err: error }, `BACKUP FAILED: ${error}`);
      await record({ reason, startedAt, file, bytes, verified: false, error });
      return { verified: false, file, error, snapshotMs, totalMs: performance.now() - started };
    }
  }

  async function record(run: typeof backupRuns.$inferInsert) {
    try {
      await db.transaction(async (tx) => {
        await tx.insert(backupRuns).values(run);
        await recordMachineActivity(tx, BACKUP_BY[run.reason as BackupReason] ?? run.reason, {
          kind: run.verified ? 'backup.taken' : 'backup.failed',
          record: ['backup', run.file ? path.basename(run.file) : run.reason],
          after: {
            reason: run.reason,
            bytes: run.bytes ?? null,
            verified: run.verified,
            error: run.error ?? null,
          },
        });
      });
    } catch (err) {
      // A database that cannot take the record (still at an older schema, or down) must not hide the backup.
      log.error({ err: (err as Error).message }, 'could not record the backup in the database');
    }
  }

  return {
    /** Takes a backup now; one at a time (a second caller waits for the one under way). */
    take(reason: BackupReason): Promise<BackupResult> {
      running ??= takeOnce(reason).finally(() => {
        running = null;
      });
      return running;
    },

    async status(): Promise<BackupStatus> {
      const [last] = await db.select().from(backupRuns).orderBy(desc(backupRuns.finishedAt)).limit(1);
      if (!last) return { last: null, lastVerifiedAt: null };
      let lastVerifiedAt = last.verified ? last.finishedAt : null;
      if (!last.verified) {
        const [good] = await db
          .select({ at: backupRuns.finishedAt })
          .from(backupRuns)
          .where(eq(backupRuns.verified, true))
          .orderBy(desc(backupRuns.finishedAt))
          .limit(1);
        lastVerifiedAt = good?.at ?? null;
      }
      return {
        last: {
          at: last.finishedAt.toISOString(),
          verified: last.verified,
          error: last.error,
          file: last.file,
        },
        lastVerifiedAt: lastVerifiedAt?.toISOString() ?? null,
      };
    },

    /** Takes a backup every day at `settings.at` London time; returns the stop function. */
    startSchedule(now: () => Date = () => new Date()): () => void {
      const at = settings.at;
      if (!at) return () => {};
      let timer: NodeJS.Timeout;
      const arm = () => {
        const next = nextBackupAt(now(), at);
        timer = setTimeout(() => {
          void takeThenArm();
        }, next.getTime() - now().getTime());
        timer.unref();
      };
      const takeThenArm = async () => {
        await this.take('scheduled');
        arm();
      };
      arm();
      return () => clearTimeout(timer);
    },
  };
}

export type BackupService = ReturnType<typeof createBackupService>;

/** Runs BACKUP_COMMAND with `{file}` replaced by the backup's path (quoted for the shell). */
function runCommand(command: string, file: string): Promise<void> {
  const quoted = `'${file.replaceAll("'", "'\\''")}'`;
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', command.replaceAll('{file}', quoted)], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-500);
    });
    child.on('error', (err) => reject(new Error(`BACKUP_COMMAND could not run: ${err.message}`)));
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else
        reject(
          new Error(
            `BACKUP_COMMAND failed (${signal ?? `exit ${code}`})${stderr.trim() ? `: ${stderr.trim()}` : ''}`,
          ),
        );
    });
  });
}

/** Keeps the newest `keep` backups in `dir` (names sort by age); other files are left alone. */
async function prune(dir: string, keep: number) {
  const backups = (await readdir(dir)).filter((f) => BACKUP_FILE_PATTERN.test(f)).sort();
  for (const old of backups.slice(0, Math.max(0, backups.length - keep))) {
    await rm(path.join(dir, old), { force: true });
  }
}
