/** Tables owned by src/server/activity/. */
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The back office's activity log (docs/rules/activity-log.md): one row per change, in the
 * change's own transaction. Append-only: a trigger refuses UPDATE and DELETE. It names the people
 * of the back office who acted, never a customer: records are referred to by their id, so a
 * deleted customer's entries stay and no longer name them.
 */
export const activityLog = pgTable(
  'activity_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    // No foreign key: a removed person's entries stay as they were written.
    actorId: text('actor_id').notNull(),
    actorName: text('actor_name').notNull(),
    actorRole: text('actor_role').notNull(),
    ip: text('ip'),
    kind: text('kind').notNull(),
    recordType: text('record_type').notNull(),
    recordId: text('record_id').notNull(),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
  },
  (t) => [
    index('activity_log_at_idx').on(t.at.desc()),
    index('activity_log_record_idx').on(t.recordType, t.recordId),
    index('activity_log_actor_idx').on(t.actorId, t.at.desc()),
    // The Activity page's kind filter, alone and with a person, newest first (a kind a person
    // rarely does would otherwise walk all of that person's entries), and its list of kinds.
    index('activity_log_kind_idx').on(t.kind, t.at.desc()),
    index('activity_log_actor_kind_idx').on(t.actorId, t.kind, t.at.desc()),
  ],
);
