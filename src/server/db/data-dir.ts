import { randomBytes } from 'node:crypto';
import { accessSync, constants, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The embedded database's folder and the backups' are the shop's user's only: they hold password
 * hashes, sessions, gift-card code hashes and customers' addresses (docs/backups.md).
 */
export const OWNER_ONLY = 0o700;

/**
 * Makes sure the embedded database's folder exists (created readable by the shop's user only) and this process can read and write it, so a
 * wrong DATA_DIR stops the server at once with the path and the reason, not later with an
 * unreadable error from inside the database engine.
 */
export function prepareDataDir(dir: string): void {
  const absolute = path.resolve(dir);
  const fail = (doing: string, err: unknown) => {
    const reason = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
    throw new Error(`DATA_DIR ${absolute}: cannot ${doing} (${reason}: ${(err as Error).message})`);
  };
  try {
    mkdirSync(absolute, { recursive: true, mode: OWNER_ONLY });
  } catch (err) {
    fail('create the folder', err);
  }
  try {
    accessSync(absolute, constants.R_OK | constants.W_OK | constants.X_OK);
  } catch (err) {
    fail('read and write the folder', err);
  }
  // access() says yes to root and on read-only mounts; a real write says what will happen.
  const probe = path.join(absolute, `.write-check-${process.pid}`);
  try {
    writeFileSync(probe, '');
    rmSync(probe);
  } catch (err) {
    fail('write in the folder', err);
  }
}

const SECRET_FILE = 'shop-auth-secret';

/**
 * The session signing secret of an embedded-database shop without BETTER_AUTH_SECRET: generated
 * once, kept in the data folder (readable by its owner only), so sessions survive restarts and
 * no two installs share a secret. A `memory://` database gets a new one each run.
 */
export function localAuthSecret(dataDir: string): string {
  if (dataDir.startsWith('memory://')) return randomBytes(32).toString('base64url');
  const file = path.join(path.resolve(dataDir), SECRET_FILE);
  try {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept.length >= 32) return kept;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new Error(
        `DATA_DIR ${path.dirname(file)}: cannot read ${SECRET_FILE} (${(err as Error).message})`,
      );
    }
  }
  const secret = randomBytes(32).toString('base64url');
  // 'wx': if another process wrote it first, keep theirs.
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file, 'utf8').trim();
    throw new Error(
      `DATA_DIR ${path.dirname(file)}: cannot write ${SECRET_FILE} (${(err as Error).message})`,
    );
  }
}

const LOCK_FILE = 'shop.pid';

/**
 * Claims `dir` for this process: the embedded database opens in one process only, and a second
 * one on the same files (a second shop, `npm run backup` or `restore` beside a running shop)
 * would damage them. A lock left by a process that no longer runs is taken over. Returns the release.
 */
export function lockDataDir(dir: string): () => void {
  const file = path.join(path.resolve(dir), LOCK_FILE);
  for (;;) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      return () => rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = runningHolder(file);
    if (holder !== null && holder !== process.pid) {
      throw new DataDirInUse(path.dirname(file), holder);
    }
    rmSync(file, { force: true });
  }
}

/** The process id in the lock file if that process still runs, else null. */
function runningHolder(file: string): number | null {
  let pid: number;
  try {
    pid = Number(readFileSync(file, 'utf8').trim());
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0) return null;
  return processRuns(pid) ? pid : null;
}

/** True while the process `pid` exists (one of another user's still counts). */
export function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export class DataDirInUse extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(`DATA_DIR ${dir} is in use by process ${pid} (the shop is running on it): stop it first`);
    this.name = 'DataDirInUse';
  }
}
