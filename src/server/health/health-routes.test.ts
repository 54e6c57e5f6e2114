import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '~/test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const ready = async () => {
  const res = await t.app.request('/api/ready');
  return { status: res.status, body: await res.json() };
};

describe('GET /api/health and /api/ready', () => {
  it('health is the liveness check: 200 while the database answers, whatever else', async () => {
    const res = await t.app.request('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', database: true });
  });

  it('ready is 503 until the e-mail worker runs, then 200 with every check', async () => {
    expect(await ready()).toEqual({
      status: 503,
      body: { status: 'not ready', database: true, migrations: true, emailWorker: false },
    });
    t.services.mail.start();
    expect(await ready()).toEqual({
      status: 200,
      body: { status: 'ready', database: true, migrations: true, emailWorker: true },
    });
    // Health never depended on it.
    expect((await t.app.request('/api/health')).status).toBe(200);
  });

  it('ready is 503 when the database lacks a migration this release carries', async () => {
    t.services.mail.start();
    const newest = sql`(select max(created_at) from drizzle.__drizzle_migrations)`;
    const [row] = (
      (await t.services.db.execute(
        sql`delete from drizzle.__drizzle_migrations where created_at = ${newest} returning id, hash, created_at`,
      )) as unknown as { rows: { id: number; hash: string; created_at: string }[] }
    ).rows;
    try {
      expect(await ready()).toEqual({
        status: 503,
        body: { status: 'not ready', database: true, migrations: false, emailWorker: true },
      });
      expect((await t.app.request('/api/health')).status).toBe(200);
    } finally {
      await t.services.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${row!.id}, ${row!.hash}, ${row!.created_at})`,
      );
    }
    expect((await ready()).status).toBe(200);
  });
});
