import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { freePort } from '~/test/listen';
import { checkBackupFile } from './backup-file';

// `npm run backup` beside a running embedded shop, both for real: the shop as `npm start` runs it
// (its own process, holding DATA_DIR) and the command as cron runs it. The command must exit with
// the backup's own outcome, not as soon as it has asked the shop.
vi.setConfig({ testTimeout: 400_000, hookTimeout: 200_000 });

const repo = path.resolve(import.meta.dirname, '../../..');
let home: string;
let shop: ChildProcess;
let shopLog = '';
let env: Record<string, string>;
/** While this file exists, the copy to "off-site" (BACKUP_COMMAND) fails, as when the remote is down. */
let remoteDown: string;

/** Runs `npm run backup`'s script to its end: its exit code and what it printed. */
function runBackupCommand(): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli/backup.ts'], {
      cwd: repo,
      env,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c));
    child.stderr.on('data', (c: Buffer) => (stderr += c));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

beforeAll(async () => {
  const testDb = inject('testDb');
  if (testDb.kind !== 'pglite') throw new Error('an embedded-database test');
  home = mkdtempSync(path.join(os.tmpdir(), 'shop-beside-'));
  const dataDir = path.join(home, 'data');
  cpSync(testDb.templateDir, dataDir, { recursive: true });
  remoteDown = path.join(home, 'remote-down');
  const port = await freePort();
  env = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    BACKUP_DIR: path.join(home, 'backups'),
    BACKUP_AT: 'off',
    BACKUP_COMMAND: `test ! -e '${remoteDown}' || { echo "remote unreachable" >&2; exit 3; }`,
  };
  shop = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], { cwd: repo, env });
  shop.stdout!.on('data', (c: Buffer) => (shopLog += c));
  shop.stderr!.on('data', (c: Buffer) => (shopLog += c));
  // Ready once it answers its health check (it holds DATA_DIR from then on).
  for (;;) {
    if (shop.exitCode !== null) throw new Error(`the shop did not start:\n${shopLog}`);
    const ok = await fetch(`${env.PUBLIC_URL}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await delay(250);
  }
});
afterAll(async () => {
  if (shop && shop.exitCode === null) {
    const exited = new Promise((resolve) => shop.once('exit', resolve));
    shop.kill('SIGTERM');
    await exited;
  }
  rmSync(home, { recursive: true, force: true });
});

describe('npm run backup beside a running embedded shop', () => {
  it('exits 0 only once the shop has written and verified the backup, and prints its file', async () => {
    const run = await runBackupCommand();
    expect(run, shopLog).toMatchObject({ code: 0, stderr: '' });
    const file = /^Backup written and verified: (\S+)$/m.exec(run.stdout)?.[1];
    expect(file, run.stdout).toBeTruthy();
    expect(path.dirname(file!)).toBe(env.BACKUP_DIR);
    expect(existsSync(file!)).toBe(true);
    expect((await checkBackupFile(file!)).tables.products).toBeGreaterThanOrEqual(0);
  });

  it("exits non-zero with the shop's reason when its backup fails", async () => {
    writeFileSync(remoteDown, '');
    const run = await runBackupCommand();
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim()).toBe('Backup failed: BACKUP_COMMAND failed (exit 3): remote unreachable');
    // The shop itself keeps serving.
    expect((await fetch(`${env.PUBLIC_URL}/api/health`)).status).toBe(200);
  });
});
