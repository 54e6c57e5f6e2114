import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { userRoles } from '../db/schema';
import { forbidden, unauthorized } from '../errors';
import type { Logger } from '../logger';
import type { Auth } from './auth';

export type Role = 'admin' | 'customer';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: Role;
}

/** Reads who is signed in from a request's cookies, and guards what needs a user or an admin. */
export function createSessionService(auth: Auth, db: Db, log: Logger) {
  async function roleOf(userId: string): Promise<Role> {
    try {
      const rows = await db
        .select({ role: userRoles.role })
        .from(userRoles)
        .where(and(eq(userRoles.userId, userId), eq(userRoles.role, 'admin')))
        .limit(1);
      return rows.length > 0 ? 'admin' : 'customer';
    } catch (err) {
      // SPEC §6: any error during the lookup counts as customer.
      log.warn({ err, userId }, 'role lookup failed; treating as customer');
      return 'customer';
    }
  }

  async function getUser(headers: Headers): Promise<SessionUser | null> {
    const session = await auth.api.getSession({ headers });
    if (!session) return null;
    const { id, email, name } = session.user;
    return { id, email, name, role: await roleOf(id) };
  }

  return {
    getUser,
    roleOf,
    /** The signed-in user, or a 401. */
    async requireUser(headers: Headers): Promise<SessionUser> {
      const user = await getUser(headers);
      if (!user) throw unauthorized();
      return user;
    },
    /** The signed-in admin, or a 401 (no session) / 403 (not an admin). */
    async requireAdmin(headers: Headers): Promise<SessionUser> {
      const user = await getUser(headers);
      if (!user) throw unauthorized();
      if (user.role !== 'admin') throw forbidden();
      return user;
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
