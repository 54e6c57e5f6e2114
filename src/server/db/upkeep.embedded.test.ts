import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '~/test/test-app';
import type { Db } from './client';
import { upkeepOnce } from './embedded-upkeep';

let t: TestApp;
let db: Db;
beforeAll(async () => {
  t = await createTestApp();
  db = t.services.db;
  await db.execute(sql`create table upkeep_busy (id int primary key, n int not null)`);
  await db.execute(sql`create index on upkeep_busy (n)`);
  await db.execute(sql`insert into upkeep_busy select g, 0 from generate_series(1, 2000) g`);
  await db.execute(sql`create table upkeep_quiet (id int primary key, n int not null)`);
  await db.execute(sql`insert into upkeep_quiet select g, 0 from generate_series(1, 2000) g`);
  await flushStats();
  await upkeepOnce(db);
});
afterAll(() => t.close());

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Statistics reach the views at most once a second; this makes them current now. */
async function flushStats() {
  await db.execute(sql`select pg_stat_force_next_flush()`);
  await db.execute(sql`select 1`);
}

const bytesOnDisk = async (table: string) =>
  Number(
    rows<{ bytes: string }>(
      await db.execute(sql`select pg_total_relation_size(${table}::regclass) as bytes`),
    )[0]!.bytes,
  );

/** Every row changes (an indexed column, so nothing is pruned in place), as a status change does. */
async function churn(rounds: number) {
  for (let i = 0; i < rounds; i++) await db.execute(sql`update upkeep_busy set n = n + 1`);
  await db.execute(sql`update upkeep_quiet set n = n + 1 where id <= 10`);
  await flushStats();
}

describe('embedded database upkeep (what autovacuum does on PostgreSQL)', () => {
  it('keeps a table whose rows change over and over the same size on disk, and leaves quiet ones alone', async () => {
    await churn(3);
    const due = await upkeepOnce(db);
    expect(due.map((d) => d.table)).toContain('upkeep_busy');
    expect(due.map((d) => d.table)).not.toContain('upkeep_quiet');
    await churn(3);
    await upkeepOnce(db);
    const settled = await bytesOnDisk('upkeep_busy');
    for (let round = 0; round < 6; round++) {
      await churn(3);
      await upkeepOnce(db);
    }
    const kept = await bytesOnDisk('upkeep_busy');

    // The same changes with nobody vacuuming: the table keeps every old row version.
    for (let round = 0; round < 6; round++) await churn(3);
    const unkept = await bytesOnDisk('upkeep_busy');
    expect(unkept - kept).toBeGreaterThan(kept);
    expect(kept - settled).toBeLessThan((unkept - kept) / 5);
  });

  it('answers nothing to do when nothing changed', async () => {
    await upkeepOnce(db);
    await flushStats();
    expect(await upkeepOnce(db)).toEqual([]);
  });
});
