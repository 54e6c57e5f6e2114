import { drizzle } from 'drizzle-orm/pglite';
import { lockDataDir, prepareDataDir } from './data-dir';
import type { Database, Db, Prepare } from './db-types';
import { PGliteWorkerClient } from './pglite-worker-client';
import * as schema from './schema';

/**
 * The embedded database (PGlite) in `dataDir`, on a thread of its own (docs/decisions/022); one
 * process only, so no lock is needed to migrate (`prepare` migrates and seeds).
 */
export async function openEmbedded(
  dataDir: string,
  prepare: Prepare,
  timingsDir?: string,
): Promise<Database> {
  let unlock = () => {};
  if (!dataDir.startsWith('memory://')) {
    prepareDataDir(dataDir);
    unlock = lockDataDir(dataDir);
  }
  let client: PGliteWorkerClient;
  try {
    client = await PGliteWorkerClient.open(dataDir, timingsDir);
  } catch (err) {
    unlock();
    throw err;
  }
  const close = async () => {
    try {
      await client.close();
    } finally {
      unlock();
    }
  };
  try {
    // drizzle's PGlite driver calls only `query` and `transaction`, which the client forwards.
    const db = drizzle({ client: client as never, schema }) as unknown as Db;
    await prepare(db);
    return {
      db,
      kind: 'pglite',
      close,
      onLost: (listener) => client.onLost(listener),
      connections: () => {
        const calls = client.pendingCalls;
        return { inUse: Math.min(calls, 1), waiting: Math.max(calls - 1, 0), max: 1 };
      },
    };
  } catch (err) {
    await close().catch(() => {});
    throw err;
  }
}
