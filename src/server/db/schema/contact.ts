/** Tables owned by src/server/contact/. */
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { MESSAGE_STATES } from '../../../shared/message-states';
import { users } from './auth';
import { createdAt, oneOf } from './columns';

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    /**
     * Who sent it, when they were signed in: "Download my data" hands a message to this account,
     * never to whoever later signs up with the address typed (decision 031).
     */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The owner's reading of it: unread (new), read, or handled (answered, nothing left to do). */
    state: text('state', { enum: MESSAGE_STATES }).notNull().default('unread'),
    createdAt: createdAt(),
  },
  (t) => [
    index('contact_messages_created_at_idx').on(t.createdAt.desc()),
    check('contact_messages_state_check', oneOf(t.state, MESSAGE_STATES)),
    // The sidebar counts unread messages on every admin page.
    index('contact_messages_unread_idx').on(t.createdAt).where(sql`${t.state} = 'unread'`),
    index('contact_messages_user_id_idx').on(t.userId).where(sql`${t.userId} is not null`),
  ],
);
