import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const alias = { '~': path.resolve(import.meta.dirname, 'src') };
const serverTests = ['src/server/**/*.test.ts'];

/** Server tests run on the embedded database, and again on real PostgreSQL when TEST_DATABASE_URL is set. */
const databases = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export default defineConfig({
  resolve: { alias },
  test: {
    // Vitest's default is one file at a time on 2 cores (cores - 1), and a server test spends much
    // of its time waiting on its database, child processes and timers: a file per core keeps both
    // busy (the whole suite passed so on a machine loaded 8-11 by other work).
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['src/shared/**/*.test.ts', 'src/app/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
        },
      },
      ...databases.map((db) => ({
        resolve: { alias },
        test: {
          name: `server-${db}`,
          include: serverTests,
          // *.pg.test.ts need several instances on one database server: PostgreSQL only.
          // *.embedded.test.ts test what only the embedded database needs (PostgreSQL has its own).
          exclude: db === 'postgres' ? ['src/server/**/*.embedded.test.ts'] : ['src/server/**/*.pg.test.ts'],
          globalSetup: ['src/test/global-setup.ts'],
          setupFiles: ['src/test/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      })),
    ],
  },
});
