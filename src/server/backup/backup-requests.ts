import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { OWNER_ONLY, processRuns } from '../db/data-dir';
import type { BackupResult } from './backup-service';

/**
 * `npm run backup` beside a running embedded shop (the files open in one process only, decision
 * 027): the command leaves a request in `DATA_DIR/backup-requests/`, sends the shop SIGUSR2, and
 * waits for the shop to write that request's result (verified or failed) beside it. So the
 * command exits with the backup's own outcome, which cron and a person can trust.
 */
const REQUESTS = 'backup-requests';
const REQUEST = '.request';
const RESULT = '.result.json';

/** What the shop answers a request with. */
export type BackupAnswer = Pick<BackupResult, 'verified' | 'file' | 'error'>;

const folderOf = (dataDir: string) => path.join(path.resolve(dataDir), REQUESTS);

/** Requests this process is answering already: a second signal meanwhile does not answer them twice. */
const answering = new Set<string>();

/**
 * The shop's side, on SIGUSR2: takes a backup (one under way already answers a request made
 * meanwhile) and writes its outcome for every request waiting when the signal came. A signal with
 * no request (someone ran `kill -USR2`) still takes one.
 */
export async function answerBackupRequests(
  dataDir: string | null,
  take: () => Promise<BackupAnswer>,
): Promise<void> {
  const waiting = (dataDir ? await pendingRequests(folderOf(dataDir)) : []).filter((r) => !answering.has(r));
  for (const request of waiting) answering.add(request);
  try {
    await answer(waiting, await take());
  } finally {
    for (const request of waiting) answering.delete(request);
  }
}

async function answer(waiting: string[], { verified, file, error }: BackupAnswer) {
  for (const request of waiting) {
    const result = `${request.slice(0, -REQUEST.length)}${RESULT}`;
    // Written whole, then renamed: the command never reads half an answer.
    await writeFile(`${result}.partial`, JSON.stringify({ verified, file, error }), { mode: 0o600 });
    await rename(`${result}.partial`, result);
    await rm(request, { force: true });
  }
}

async function pendingRequests(folder: string): Promise<string[]> {
  try {
    return (await readdir(folder)).filter((f) => f.endsWith(REQUEST)).map((f) => path.join(folder, f));
  } catch {
    return [];
  }
}

export interface AskOptions {
  /** How the shop is told (SIGUSR2 to its process). */
  signal?: (pid: number) => void;
  /** Milliseconds between looks for the answer. */
  pollMs?: number;
}

/**
 * The command's side: asks the shop running as `pid` on `dataDir` for a backup and waits for its
 * answer, for as long as that process lives. A shop that stops first is a failed backup.
 */
export async function askShopForBackup(
  dataDir: string,
  pid: number,
  { signal = (p) => process.kill(p, 'SIGUSR2'), pollMs = 500 }: AskOptions = {},
): Promise<BackupAnswer> {
  const folder = folderOf(dataDir);
  mkdirSync(folder, { recursive: true, mode: OWNER_ONLY });
  const id = randomUUID();
  const request = path.join(folder, `${id}${REQUEST}`);
  const answer = path.join(folder, `${id}${RESULT}`);
  await writeFile(request, `${new Date().toISOString()}\n`, { mode: 0o600 });
  try {
    signal(pid);
    for (;;) {
      const answered = await readAnswer(answer);
      if (answered) return answered;
      if (!processRuns(pid))
        return {
          verified: false,
          file: null,
          error: `the shop (process ${pid}) stopped before its backup was verified`,
        };
      await delay(pollMs);
    }
  } finally {
    await rm(request, { force: true });
    await rm(answer, { force: true });
  }
}

async function readAnswer(file: string): Promise<BackupAnswer | null> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as BackupAnswer;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}
