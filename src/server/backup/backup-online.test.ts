import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '~/test/test-app';
import { seedOrders } from '../../../bench/lib/seed-orders';
import { runBackupChild } from './backup-children';
import { createBackupService } from './backup-service';

// A few thousand orders backed up and verified (seconds each, minutes on a busy machine).
vi.setConfig({ testTimeout: 300_000 });
let t: TestApp;
let backupDir: string;

beforeAll(async () => {
  backupDir = mkdtempSync(path.join(os.tmpdir(), 'shop-backup-online-'));
  t = await createTestApp({ env: { BACKUP_DIR: backupDir } });
});
afterAll(async () => {
  await t.close();
  rmSync(backupDir, { recursive: true, force: true });
});

function serviceWith(settings: Partial<TestApp['services']['config']['backup']>, errors: string[] = []) {
  return createBackupService({ ...t.services.config.backup, ...settings }, t.services.db, t.services.dbKind, {
    info() {},
    error: (_: unknown, message?: string) => void errors.push(message ?? ''),
  });
}

describe.runIf(process.env.TEST_DATABASE_URL === undefined)('a backup of the embedded database', () => {
  it('leaves the shop answering while it is taken (the database is held only at its start and stop)', async () => {
    await seedOrders(t.services.db, 20_000, 90, 200);
    const gaps: number[] = [];
    let backingUp = true;
    const asking = (async () => {
      while (backingUp) {
        const asked = performance.now();
        const res = await t.app.request('/api/health');
        expect(res.status).toBe(200);
        gaps.push(performance.now() - asked);
      }
    })();
    const result = await serviceWith({}).take('manual');
    backingUp = false;
    await asking;
    expect(result).toMatchObject({ verified: true, error: null });
    // The whole backup (copy, file, proof in child processes) takes many seconds; the database was
    // held for a small part of it, and /api/health kept answering throughout.
    expect(result.snapshotMs).toBeLessThan(result.totalMs / 4);
    expect(gaps.length).toBeGreaterThan(20);
    expect(Math.max(...gaps)).toBeLessThan(Math.max(3000, result.totalMs / 4));
    // Nothing of the copy is left beside the backups.
    expect(readdirSync(backupDir).filter((f) => f.startsWith('.copy-'))).toEqual([]);
  });
});

describe('a backup whose child process fails or hangs', () => {
  it('is reported failed when the file does not verify in its child process', async () => {
    // A database at a schema version this release does not know (as if a newer release had run):
    // the scratch database cannot be brought to it, so the proof fails.
    await t.services.db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-a-newer-release', 9999999999999)`,
    );
    const errors: string[] = [];
    try {
      const result = await serviceWith({}, errors).take('manual');
      expect(result.verified).toBe(false);
      expect(result.error).toMatch(/^it did not verify: .*schema version unknown/);
      expect(result.file).toMatch(/\.failed$/);
      expect(errors).toEqual([`BACKUP FAILED: ${result.error}`]);
    } finally {
      await t.services.db.execute(
        sql`delete from drizzle.__drizzle_migrations where hash = 'from-a-newer-release'`,
      );
    }
    const status = await serviceWith({}).status();
    expect(status.last).toMatchObject({ verified: false, error: expect.stringMatching(/did not verify/) });
  });

  it('is stopped when a child takes longer than BACKUP_TIME_LIMIT, reported failed, and the next backup works', async () => {
    const errors: string[] = [];
    const slow = await serviceWith({ timeLimitMs: 300 }, errors).take('manual');
    expect(slow.verified).toBe(false);
    expect(slow.error).toMatch(/took longer than 0\.3 s \(BACKUP_TIME_LIMIT\) and was stopped/);
    expect(errors).toEqual([`BACKUP FAILED: ${slow.error}`]);
    expect((await serviceWith({}).status()).last).toMatchObject({ verified: false });
    // The stopped backup let go of the database: the next one is taken and verified.
    const next = await serviceWith({}).take('manual');
    expect(next).toMatchObject({ verified: true, error: null });
  });

  it('kills a child that never answers', async () => {
    const started = performance.now();
    await expect(runBackupChild({ task: 'sleep', ms: 600_000 }, 1000, 'sleeping')).rejects.toThrow(
      'sleeping took longer than 1.0 s (BACKUP_TIME_LIMIT) and was stopped',
    );
    expect(performance.now() - started).toBeLessThan(30_000);
  });
});
