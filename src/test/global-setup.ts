import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
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
 * than migrating a new database every time (creating a PGlite database costs ~2.5 s).
 */
export default async function setup(project: TestProject) {
  if (project.name === 'server-pglite') buildIfMissing();
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

/**
 * The tests that render pages load the real build (`npm run build`, BUILD_DIR). A fresh clone has
 * none: it is made once here, so `npx vitest run` works without a step first. An existing build is
 * used as it is (run `npm run build` after changing the pages). Only the embedded database's
 * project builds, so two projects never build at once (it is there whenever PostgreSQL's is).
 */
function buildIfMissing() {
  const root = path.resolve(import.meta.dirname, '../..');
  const buildDir = path.resolve(root, process.env.BUILD_DIR || 'build');
  if (existsSync(path.join(buildDir, 'server/index.js'))) return;
  console.log(`No build at ${buildDir}: building it once for the tests that render pages (npm run build)...`);
  // The build makes production bundles: vitest's NODE_ENV=test would give development React.
  const { NODE_ENV: _, ...env } = process.env;
  const build = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], {
    cwd: root,
    env,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('npm run build failed: the tests that render pages need it');
}
