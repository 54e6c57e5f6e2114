import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '~/server/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    testDb: { kind: 'pglite'; templateDir: string } | { kind: 'postgres'; url: string; template: string };
  }
}

/**
 * Migrates one template database per run; each test file then copies it, which is much faster
 * than migrating a new database every time (see ENVIRONMENT.md: PGlite creation costs ~2.5 s).
 */
export default async function setup(project: TestProject) {
  // The project's `env` reaches its test workers, not this hook: the project's name says which database.
  if (project.name === 'server-postgres') {
    const url = process.env.TEST_DATABASE_URL!;
    const template = `shop_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${template}`);
    await admin.query(`create database ${template}`);
    const migrated = await openDatabase({ kind: 'postgres', url: withDatabase(url, template), poolSize: 2 });
    await migrated.close();
    project.provide('testDb', { kind: 'postgres', url, template });
    return async () => {
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.end();
    };
  }
  const templateDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'shop-test-')), 'template');
  const migrated = await openDatabase({ kind: 'pglite', dataDir: templateDir });
  await migrated.close();
  project.provide('testDb', { kind: 'pglite', templateDir });
  return () => rmSync(path.dirname(templateDir), { recursive: true, force: true });
}

export function withDatabase(url: string, database: string) {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
