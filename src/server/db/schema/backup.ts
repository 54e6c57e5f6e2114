/** Tables owned by src/server/backup/. */
import { bigint, boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Every backup the shop took or tried (docs/decisions/027): kept in the database, so every
 * instance shows the owner the same "Last backup". Not itself backed up.
 */
export const backupRuns = pgTable(
  'backup_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Why it was taken: scheduled, manual (npm run backup), before-migration, before-restore. */
    reason: text('reason').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }).notNull().defaultNow(),
    /** The file written, if one was. */
    file: text('file'),
    bytes: bigint('bytes', { mode: 'number' }),
    /** Written, restored into a scratch database and found equal to its manifest (and copied, with BACKUP_COMMAND). */
    verified: boolean('verified').notNull(),
    /** Why it failed; null when verified. */
    error: text('error'),
  },
  (t) => [index('backup_runs_finished_idx').on(t.finishedAt)],
);
