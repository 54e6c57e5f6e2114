import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole } from '~/shared/staff/back-office-access';
import { recordActivity } from '../activity/activity-log';
import { removeSecondFactor } from '../auth/second-factor';
import type { Db, Tx } from '../db/db-types';
import { sessions, userRoles, users } from '../db/schema';
import { AppError, notFound, parseOrThrow } from '../errors';
import { ROW_OF_STAFF_ROLE, STAFF_ROLE_OF_ROW } from './staff-roles';

/** One person of the back office, as the Staff page lists them. */
export interface StaffMember {
  id: string;
  name: string;
  email: string;
  role: StaffRole;
  /** They have a confirmed authenticator. */
  secondFactor: boolean;
}

const ROLE_NAMES = STAFF_ROLES.map((r) => STAFF_ROLE_LABELS[r]).join(', ');
export const StaffRoleSchema = z.object({
  role: z.enum(STAFF_ROLES, { error: `Choose a role: ${ROLE_NAMES}.` }),
});

export const LAST_OWNER_MESSAGE = 'The shop must keep at least one owner: make someone else owner first.';

/**
 * The back office's people and their roles (docs/rules/back-office-roles.md). A change of role or a
 * removal ends the person's sessions in the same transaction, so their old powers stop at once;
 * the last owner can be neither demoted nor removed.
 */
export function createStaffService(db: Db) {
  /** The person's current role, with every owner's row locked so two changes cannot both pass. */
  async function lockedRoles(tx: Tx, userId: string) {
    const owners = await tx
      .select({ userId: userRoles.userId })
      .from(userRoles)
      .where(eq(userRoles.role, 'admin'))
      .for('update');
    const [mine] = await tx
      .select({ role: userRoles.role })
      .from(userRoles)
      .where(eq(userRoles.userId, userId))
      .for('update');
    if (!mine) throw notFound('This person is not part of the back office.');
    return { current: STAFF_ROLE_OF_ROW[mine.role], owners: owners.length };
  }

  function keepAnOwner(current: StaffRole, next: StaffRole | null, owners: number) {
    if (current === 'owner' && next !== 'owner' && owners <= 1) {
      throw new AppError(409, 'last_owner', LAST_OWNER_MESSAGE);
    }
  }

  return {
    /**
     * The owner's reset of someone's second factor (a lost phone): their authenticator, backup
     * codes and trusted devices go, their sessions end, and their next sign-in sends them to set
     * up a new one. Logged in the same transaction.
     */
    async resetSecondFactor(userId: string): Promise<{ reset: true }> {
      return db.transaction(async (tx) => {
        const { current } = await lockedRoles(tx, userId);
        const [had] = await tx.select({ on: users.twoFactorEnabled }).from(users).where(eq(users.id, userId));
        await removeSecondFactor(tx, userId);
        await recordActivity(tx, {
          kind: 'staff.second-factor-reset',
          record: ['user', userId],
          before: { role: current, secondFactor: !!had?.on },
          after: { secondFactor: false },
        });
        return { reset: true as const };
      });
    },

    async list(): Promise<StaffMember[]> {
      const rows = await db
        .select({
          id: users.id,
          name: users.name,
          email: users.email,
          role: userRoles.role,
          secondFactor: users.twoFactorEnabled,
        })
        .from(userRoles)
        .innerJoin(users, eq(users.id, userRoles.userId))
        .orderBy(asc(users.name), asc(users.email));
      return rows.map((r) => ({ ...r, role: STAFF_ROLE_OF_ROW[r.role] }));
    },

    /** Gives someone of the back office another role; their sessions end. */
    async setRole(userId: string, input: unknown): Promise<{ before: StaffRole; after: StaffRole }> {
      const { role } = parseOrThrow(StaffRoleSchema, input);
      return db.transaction(async (tx) => {
        const { current, owners } = await lockedRoles(tx, userId);
        keepAnOwner(current, role, owners);
        if (current !== role) {
          await tx
            .update(userRoles)
            .set({ role: ROW_OF_STAFF_ROLE[role] })
            .where(eq(userRoles.userId, userId));
          await tx.delete(sessions).where(eq(sessions.userId, userId));
        }
        await recordActivity(tx, {
          kind: 'staff.role',
          record: ['user', userId],
          before: { role: current },
          after: { role },
        });
        return { before: current, after: role };
      });
    },

    /** Takes someone out of the back office (their account stays, as a customer's); sessions end. */
    async remove(userId: string): Promise<{ before: StaffRole }> {
      return db.transaction(async (tx) => {
        const { current, owners } = await lockedRoles(tx, userId);
        keepAnOwner(current, null, owners);
        await tx.delete(userRoles).where(eq(userRoles.userId, userId));
        await tx.delete(sessions).where(eq(sessions.userId, userId));
        await recordActivity(tx, {
          kind: 'staff.remove',
          record: ['user', userId],
          before: { role: current },
        });
        return { before: current };
      });
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
