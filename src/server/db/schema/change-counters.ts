/** Tables owned by src/server/db/. */
import { bigint, pgTable, text } from 'drizzle-orm/pg-core';

/** Version counters that let every instance notice a change (e.g. the catalogue) and drop its caches. */
export const changeCounters = pgTable('change_counters', {
  name: text('name').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
