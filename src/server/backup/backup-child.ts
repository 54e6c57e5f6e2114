/**
 * The work of a backup that must not run in the shop's process (docs/decisions/038), started by
 * `backup-children.ts` as a child process of its own: what it opens (a copy of the embedded
 * database, a scratch in-memory database for the proof) lives and dies with it, and the shop's
 * database thread is never held by it. It reads its task as JSON from its first argument and sends
 * its answer, `{ ok: true, value }` or `{ ok: false, error }`, over the IPC channel, then exits.
 */
import type { BackupTask } from './backup-children';

async function run(task: BackupTask): Promise<unknown> {
  switch (task.task) {
    case 'verify': {
      const { verifyBackupHere } = await import('./verify-backup');
      await verifyBackupHere(task.file);
      return null;
    }
    case 'copy': {
      const { copyDatabaseFiles } = await import('./embedded-copy');
      copyDatabaseFiles(task.from, task.to);
      return null;
    }
    case 'write': {
      const { writeBackupFromCopy } = await import('./embedded-copy');
      return writeBackupFromCopy(task);
    }
    case 'sleep':
      // Only the tests ask for it: a child that never finishes in time.
      await new Promise((resolve) => setTimeout(resolve, task.ms));
      return null;
  }
}

function answer(message: unknown) {
  return new Promise<void>((resolve) => {
    if (!process.send) resolve();
    else process.send(message, () => resolve());
  });
}

try {
  const value = await run(JSON.parse(process.argv[2] ?? '{}') as BackupTask);
  await answer({ ok: true, value });
  process.exit(0);
} catch (err) {
  await answer({ ok: false, error: (err as Error).message ?? String(err), name: (err as Error).name });
  process.exit(1);
}
