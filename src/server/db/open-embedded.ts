import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { Database, Db, Prepare } from './client';
import { prepareDataDir } from './data-dir';
import { PGliteWorkerClient } from './pglite-worker-client';
import * as schema from './schema';

/**
 * The embedded database (PGlite) in `dataDir`, on a thread of its own (docs/decisions/022); one
 * process only, so no lock is needed to migrate.
 */
export async function openEmbedded(
  dataDir: string,
  migrationsFolder: string,
  prepare: Prepare,
  timingsDir?: string,
): Promise<Database> {
  if (!dataDir.startsWith('memory://')) prepareDataDir(dataDir);
  const client = await PGliteWorkerClient.open(dataDir, timingsDir);
  try {
    // drizzle's PGlite driver calls only `query` and `transaction`, which the client forwards.
    const db = drizzle({ client: client as never, schema }) as unknown as Db;
    await migrate(db as never, { migrationsFolder });
    await prepare(db);
    return {
      db,
      kind: 'pglite',
      close: () => client.close(),
      onLost: (listener) => client.onLost(listener),
      connections: () => {
        const calls = client.pendingCalls;
        return { inUse: Math.min(calls, 1), waiting: Math.max(calls - 1, 0), max: 1 };
      },
    };
  } catch (err) {
    await client.close().catch(() => {});
    throw err;
  }
}
