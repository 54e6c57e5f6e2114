/** Tables owned by src/server/account/. */
import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt } from './columns';

export const profiles = pgTable(
  'profiles',
  {
    id: text('id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    postcode: text('postcode').notNull(),
    createdAt: createdAt(),
    /** Set when the customer deleted their account: the row stays (orders point at it), scrubbed. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('profiles_created_at_idx').on(t.createdAt.desc()),
    // The orders search finds a customer by the start of their e-mail.
    index('profiles_email_search_idx').on(sql`lower(${t.email}) text_pattern_ops`),
  ],
);
