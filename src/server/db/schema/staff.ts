/** Tables owned by src/server/staff/. */
import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt } from './columns';

export const userRoles = pgTable(
  'user_roles',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // `admin` is the owner (the row every shop has had since the start); staff and bakers came later.
    role: text('role', { enum: ['admin', 'staff', 'baker'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.role] }),
    // One role per person: the back office's powers never add up from two rows.
    uniqueIndex('user_roles_one_per_user').on(t.userId),
    check('user_roles_role_check', sql`${t.role} in ('admin', 'staff', 'baker')`),
  ],
);

/**
 * An owner's invitation to the back office: the link's token is kept only as its
 * SHA-256, so a copy of the database cannot be used to join. Used once (`used_at`), for 7 days.
 */
export const staffInvites = pgTable(
  'staff_invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: ['admin', 'staff', 'baker'] }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('staff_invites_email_idx').on(t.email),
    check('staff_invites_role_check', sql`${t.role} in ('admin', 'staff', 'baker')`),
  ],
);

/** A `user_roles.role` as stored. */
export type UserRoleRow = (typeof userRoles.$inferSelect)['role'];
