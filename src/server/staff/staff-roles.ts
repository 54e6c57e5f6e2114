import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { StaffRole } from '~/shared/staff/back-office-access';
import { type UserRoleRow, userRoles } from '../db/schema';

/** `user_roles.role` as the back office names it: the owner's row has always said `admin`. */
export const STAFF_ROLE_OF_ROW: Record<UserRoleRow, StaffRole> = {
  admin: 'owner',
  staff: 'staff',
  baker: 'baker',
};
export const ROW_OF_STAFF_ROLE: Record<StaffRole, UserRoleRow> = {
  owner: 'admin',
  staff: 'staff',
  baker: 'baker',
};

/**
 * A user's back-office role (null for a customer) as a scalar subquery on their id, for a
 * statement of auth's own: the session's one query reads it with the session. Staff own the
 * roles and import auth, so services.ts hands this to auth at start (auth's `StaffRoleOf`).
 */
export const staffRoleOf = (userId: SQLWrapper | string): SQL<StaffRole | null> =>
  sql<StaffRole | null>`(select ${userRoles.role} from ${userRoles} where ${userRoles.userId} = ${userId} limit 1)`.mapWith(
    (row: UserRoleRow) => STAFF_ROLE_OF_ROW[row],
  );
