import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createApp } from '~/server/app';
import { type Env, loadConfig } from '~/server/config';
import type { Db } from '~/server/db/client';
import { rawRows } from '~/server/db/raw-rows';
import { createLogger } from '~/server/logger';
import { createServices } from '~/server/services';
import { withDatabase } from './global-setup';
import type { TestApp } from './test-app';

export type Env_ = Partial<Record<keyof Env, string>>;

/** A new, empty place to restore into: an embedded DATA_DIR, or a PostgreSQL database (TEST_DATABASE_URL). */
export interface EmptyTarget {
  kind: 'pglite' | 'postgres';
  env: Env_;
  drop(): Promise<void>;
}

export function emptyEmbeddedTarget(): EmptyTarget {
  const dir = path.join(mkdtempSync(path.join(os.tmpdir(), 'shop-restore-')), 'data');
  return {
    kind: 'pglite',
    env: { DATA_DIR: dir, BACKUP_DIR: path.join(path.dirname(dir), 'backups') },
    drop: async () => rmSync(path.dirname(dir), { recursive: true, force: true }),
  };
}

export async function emptyPostgresTarget(url = process.env.TEST_DATABASE_URL!): Promise<EmptyTarget> {
  const name = `shop_restore_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const backups = mkdtempSync(path.join(os.tmpdir(), 'shop-restore-backups-'));
  return {
    kind: 'postgres',
    env: {
      DATABASE_URL: withDatabase(url, name),
      BETTER_AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
      BACKUP_DIR: backups,
    },
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      rmSync(backups, { recursive: true, force: true });
    },
  };
}

export function testConfig(env: Env_) {
  return {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://shop.test', ...env }),
    seedDemoUsers: false,
  };
}

/** The whole shop (services and app) on an existing database, as `npm start` would open it. */
export async function shopOn(env: Env_): Promise<TestApp> {
  const config = testConfig(env);
  const services = await createServices(config, createLogger(config), { seedCatalog: false });
  return { app: createApp(services), services, origin: config.publicUrl, close: () => services.close() };
}

/**
 * Every row of every table, as PostgreSQL writes it as JSON, sorted: two databases holding the
 * same data give the same answer whichever PostgreSQL (embedded or server) holds it.
 */
export async function everyRow(db: Db, tables: string[]): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of tables) {
    const rows = await rawRows<{ j: string }>(
      db,
      sql.raw(`select row_to_json(t)::text as j from "${table}" t`),
    );
    out[table] = rows.map((r) => normalise(r.j)).sort();
  }
  return out;
}

/** Timestamps as instants (each server writes them in its own time zone). */
function normalise(json: string): string {
  const row = JSON.parse(json) as Record<string, unknown>;
  for (const [k, v] of Object.entries(row)) {
    if (typeof v === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?[+-]\d\d(:\d\d)?$/.test(v))
      row[k] = new Date(v).toISOString();
  }
  return JSON.stringify(row);
}
