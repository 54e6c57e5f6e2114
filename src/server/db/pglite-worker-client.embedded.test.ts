import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { PGliteWorkerClient } from './pglite-worker-client';

const testDb = inject('testDb');
const dirs: string[] = [];

/** A client on a copy of the run's migrated template database. */
async function openCopy() {
  if (testDb.kind !== 'pglite') throw new Error('the embedded database only (*.embedded.test.ts)');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-worker-'));
  dirs.push(dir);
  cpSync(testDb.templateDir, dir, { recursive: true });
  return { dir, client: await PGliteWorkerClient.open(dir) };
}

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('the embedded database on its own thread', () => {
  let client: PGliteWorkerClient;
  beforeAll(async () => {
    ({ client } = await openCopy());
    await client.query('create table probe (id int primary key, photo bytea, doc json, at timestamptz)');
  });
  afterAll(() => client?.close());

  const count = async (id: number) =>
    (await client.query<{ n: number }>('select count(*)::int as n from probe where id = $1', [id])).rows[0]!
      .n;

  it('answers with the values PostgreSQL stored: bytes, json, and timestamps as text for drizzle', async () => {
    const photo = new Uint8Array([0, 1, 2, 254, 255]);
    await client.query('insert into probe values ($1, $2, $3, $4)', [
      1,
      photo,
      JSON.stringify({ name: 'Shortbread', pence: 450 }),
      '2026-11-25 10:00:00+00',
    ]);
    const { rows, affectedRows } = await client.query('select photo, doc, at from probe where id = 1');
    expect(rows).toEqual([{ photo, doc: { name: 'Shortbread', pence: 450 }, at: '2026-11-25 10:00:00+00' }]);
    expect((rows[0] as { photo: unknown }).photo).toBeInstanceOf(Uint8Array);
    expect(affectedRows).toBe(0);
  });

  it("keeps PostgreSQL's error fields, which the services decide on (unique violation)", async () => {
    await client.query('insert into probe (id) values (2)');
    const err = await client.query('insert into probe (id) values (2)').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({
      message: 'duplicate key value violates unique constraint "probe_pkey"',
      code: '23505',
      constraint: 'probe_pkey',
      detail: 'Key (id)=(2) already exists.',
      table: 'probe',
    });
  });

  it("reaches drizzle as the cause of drizzle's error, code included", async () => {
    const db = drizzle({ client: client as never });
    const err = await db.execute(sql`select * from no_such_table`).catch((e: unknown) => e);
    expect((err as { cause?: { code?: string } }).cause?.code).toBe('42P01');
  });

  it('commits a transaction, and a query from outside waits until it has ended', async () => {
    let outside: Promise<number> | undefined;
    let outsideAnswered = false;
    await client.transaction(async (tx) => {
      await tx.query('insert into probe (id) values (3)');
      outside = count(3).finally(() => {
        outsideAnswered = true;
      });
      // Sent after the outside query, so the database's thread has seen that one already.
      await tx.query('update probe set doc = $1 where id = 3', ['{"step":2}']);
      expect(outsideAnswered).toBe(false);
    });
    expect(await outside).toBe(1);
  });

  it('rolls a transaction back when it throws, and rethrows its error', async () => {
    const failure = new Error('the customer left');
    const result = client.transaction(async (tx) => {
      await tx.query('insert into probe (id) values (4)');
      throw failure;
    });
    await expect(result).rejects.toBe(failure);
    expect(await count(4)).toBe(0);
  });

  it('rolls back a transaction whose statement failed, and the database goes on answering', async () => {
    const result = client.transaction(async (tx) => {
      await tx.query('insert into probe (id) values (5)');
      await tx.query('insert into probe (id) values (5)');
    });
    await expect(result).rejects.toMatchObject({ code: '23505' });
    expect(await count(5)).toBe(0);
  });

  it('refuses a statement in a transaction that has ended', async () => {
    let kept: Parameters<Parameters<PGliteWorkerClient['transaction']>[0]>[0] | undefined;
    await client.transaction(async (tx) => {
      kept = tx;
    });
    await expect(kept!.query('select 1')).rejects.toThrow('Transaction is closed');
  });
});

describe('when the database thread ends', () => {
  it('fails the queries waiting for it with a clear error, and every later one at once', async () => {
    const { client } = await openCopy();
    let thread: Worker | undefined;
    const post = Worker.prototype.postMessage;
    const spy = vi.spyOn(Worker.prototype, 'postMessage').mockImplementation(function (
      this: Worker,
      message,
    ) {
      thread = this;
      return post.call(this, message);
    });
    const lost: string[] = [];
    client.onLost((reason) => lost.push(reason));
    const slow = client.query('select pg_sleep(5)');
    spy.mockRestore();
    await thread!.terminate();
    await expect(slow).rejects.toThrow(/^The embedded database stopped \(its thread exited with code 1\)$/);
    await expect(client.query('select 1')).rejects.toThrow('The embedded database stopped');
    // The shop is told, so it can stop and be started again (serve.ts).
    expect(lost).toEqual(['The embedded database stopped (its thread exited with code 1)']);
  });

  it('keeps what was written when closed, and answers no more', async () => {
    const { dir, client } = await openCopy();
    const lost: string[] = [];
    client.onLost((reason) => lost.push(reason));
    await client.query('create table kept (id int)');
    await client.query('insert into kept values (7)');
    await client.close();
    await expect(client.query('select 1')).rejects.toThrow('The embedded database is closed');
    expect(lost).toEqual([]);
    const reopened = await PGliteWorkerClient.open(dir);
    expect((await reopened.query('select id from kept')).rows).toEqual([{ id: 7 }]);
    await reopened.close();
  });
});
