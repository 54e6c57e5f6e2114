/** Tables owned by src/server/payments/. */
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Provider events already handled, so a repeated webhook changes nothing. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
