import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { PGliteWorkerClient } from './pglite-worker-client';

const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-timings-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('PGLITE_TIMINGS: on close, the database thread writes each statement with its count, costliest first', async () => {
  // Set as the shop sets it: PGLITE_TIMINGS in its environment.
  const { database } = loadConfig({ PGLITE_TIMINGS: dir });
  if (database.kind !== 'pglite') throw new Error('expected the embedded database');
  const client = await PGliteWorkerClient.open('memory://', database.timingsDir);
  await client.query('create table probe (id int primary key)');
  for (let id = 1; id <= 3; id++) await client.query('insert into probe values ($1)', [id]);
  await client.transaction((tx) => tx.query('select count(*) from probe'));
  await client.close();

  const lines = readFileSync(path.join(dir, `pglite-timings-${process.pid}.tsv`), 'utf8')
    .trim()
    .split('\n');
  expect(lines[0]).toBe('total_ms\tcount\tmean_ms\tstatement');
  const rows = lines.slice(1).map((line) => line.split('\t'));
  const counted = Object.fromEntries(rows.map(([, count, , text]) => [text, Number(count)]));
  expect(counted).toEqual({
    'create table probe (id int primary key)': 1,
    'insert into probe values ($1)': 3,
    'select count(*) from probe': 1,
    '(transaction control)': 2,
  });
  const totals = rows.map(([ms]) => Number(ms));
  expect(totals).toEqual([...totals].sort((a, b) => b - a));
});
