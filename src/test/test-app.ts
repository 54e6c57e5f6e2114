import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { type ClientBuild, createApp } from '~/server/app';
import { type Env, loadConfig } from '~/server/config';
import { createLogger } from '~/server/logger';
import { createServices, type Services } from '~/server/services';
import { withDatabase } from './global-setup';

export interface TestApp {
  app: ReturnType<typeof createApp>;
  services: Services;
  /** The origin requests claim to come from (the configured PUBLIC_URL). */
  origin: string;
  close(): Promise<void>;
}

/**
 * A fresh, migrated, empty database (a copy of the run's template) with every service and the
 * Hono app on it. Call once per test file (beforeAll) and close it in afterAll.
 */
export async function createTestApp(
  options: { env?: Partial<Record<keyof Env, string>>; build?: ClientBuild } = {},
): Promise<TestApp> {
  const testDb = inject('testDb');
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://shop.test',
    ...options.env,
  };
  let dropDatabase = async () => {};
  if (testDb.kind === 'pglite') {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-db-'));
    cpSync(testDb.templateDir, dir, { recursive: true });
    env.DATA_DIR = dir;
    dropDatabase = async () => rmSync(dir, { recursive: true, force: true });
  } else {
    const name = `shop_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: testDb.url });
    await admin.connect();
    await admin.query(`create database ${name} template ${testDb.template}`);
    env.DATABASE_URL = withDatabase(testDb.url, name);
    env.BETTER_AUTH_SECRET = 'test-secret-test-secret-test-secret-0123';
    dropDatabase = async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  // Empty on PGlite too, as on PostgreSQL: no demo accounts (each costs a password hash).
  const config = { ...loadConfig(env), seedDemoUsers: false };
  const services = await createServices(config, createLogger(config), { seedCatalog: false });
  const app = createApp(services, options.build);
  return {
    app,
    services,
    origin: config.publicUrl,
    async close() {
      await services.close();
      await dropDatabase();
    },
  };
}
