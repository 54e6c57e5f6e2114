import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BackupDamaged } from './backup-file';
import { RestoreMismatch, RestoreRefused } from './restore-backup';

/** The child's errors that callers tell apart, rebuilt as themselves in this process. */
const KNOWN_ERRORS: Record<string, { prototype: Error }> = {
  BackupDamaged,
  RestoreMismatch,
  RestoreRefused,
};

function rebuilt(name: string | undefined, message: string): Error {
  const err = new Error(message);
  const known = name ? KNOWN_ERRORS[name] : undefined;
  if (known) {
    Object.setPrototypeOf(err, known.prototype);
    err.name = name!;
  }
  return err;
}

/** The work `backup-child.ts` does in a child process (docs/decisions/038). */
export type BackupTask =
  | { task: 'verify'; file: string }
  | { task: 'copy'; from: string; to: string }
  | {
      task: 'write';
      /** The copy of the embedded database's files, taken between pg_backup_start and pg_backup_stop. */
      copy: string;
      /** The live database's pg_wal: the WAL written while the files were copied. */
      walFrom: string;
      /** What pg_backup_stop returned: the copy's backup_label. */
      label: string;
      /** Where the backup file goes, and its time. */
      dir: string;
      createdAt: string;
    }
  | { task: 'sleep'; ms: number };

export interface WrittenInChild {
  file: string;
  bytes: number;
}

/** Backups' children still running: stopped when the shop's process ends. */
const running = new Set<ReturnType<typeof fork>>();
let reaping = false;

/**
 * Runs `task` in a child process and resolves with its answer. A child that has not answered
 * within `timeLimitMs` is killed (SIGKILL) and the call fails, as it does when the child fails or
 * dies: the backup is then reported failed like any other failure.
 */
export function runBackupChild<T = unknown>(
  task: BackupTask,
  timeLimitMs: number,
  doing: string,
): Promise<T> {
  const { module, execArgv } = childModule();
  if (!reaping) {
    reaping = true;
    process.once('exit', () => {
      for (const child of running) child.kill('SIGKILL');
    });
  }
  return new Promise<T>((resolve, reject) => {
    const child = fork(module, [JSON.stringify(task)], {
      execArgv,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    running.add(child);
    let answer: { ok: true; value: T } | { ok: false; error: string; name?: string } | null = null;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeLimitMs);
    child.on('message', (message) => {
      answer = message as typeof answer;
    });
    child.on('error', (err) => {
      clearTimeout(timer);
      running.delete(child);
      reject(new Error(`${doing} could not start: ${err.message}`));
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      running.delete(child);
      if (timedOut)
        reject(
          new Error(`${doing} took longer than ${duration(timeLimitMs)} (BACKUP_TIME_LIMIT) and was stopped`),
        );
      else if (answer?.ok) resolve(answer.value);
      else if (answer) reject(rebuilt(answer.name, answer.error));
      else reject(new Error(`${doing} stopped (${signal ?? `exit code ${code}`})`));
    });
  });
}

/** Proves `file` restores (verify-backup.ts), in a child process that takes the scratch database with it. */
export async function verifyBackup(file: string, timeLimitMs: number): Promise<void> {
  await runBackupChild({ task: 'verify', file }, timeLimitMs, 'verifying the backup');
}

function duration(ms: number): string {
  return ms >= 60_000 && ms % 60_000 === 0
    ? `${ms / 60_000} min`
    : `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
}

/**
 * The child's module: compiled beside this one in the built server (scripts/lib/bundle-server.ts);
 * run from the TypeScript sources (tests, scripts), through tsx.
 */
function childModule(): { module: string; execArgv: string[] } {
  const compiled = new URL('./backup-child.js', import.meta.url);
  if (existsSync(compiled)) return { module: fileURLToPath(compiled), execArgv: [] };
  return {
    module: fileURLToPath(new URL('./backup-child.ts', import.meta.url)),
    execArgv: ['--import', 'tsx'],
  };
}
