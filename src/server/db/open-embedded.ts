import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { Database, Db, Prepare } from './client';
import { prepareDataDir } from './data-dir';
import { withDrizzleParsersOnce } from './pglite-parsers';
import * as schema from './schema';

/**
 * PostgreSQL's default 128 MB of shared buffers lives in PGlite's memory and costs ~115 MB of RSS
 * once touched; a bakery's database is a few MB and the files are in the OS cache anyway.
 */
const EMBEDDED_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

/** The embedded database (PGlite) in `dataDir`; one process only, so no lock is needed to migrate. */
export async function openEmbedded(
  dataDir: string,
  migrationsFolder: string,
  prepare: Prepare,
): Promise<Database> {
  if (!dataDir.startsWith('memory://')) prepareDataDir(dataDir);
  const client = await PGlite.create(dataDir, { startParams: EMBEDDED_START_PARAMS });
  const db = drizzle({ client: withDrizzleParsersOnce(client), schema }) as unknown as Db;
  await migrate(db as never, { migrationsFolder });
  await prepare(db);
  return { db, kind: 'pglite', close: () => client.close() };
}
