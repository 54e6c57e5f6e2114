import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { SECOND_FACTOR_NEEDED } from '~/shared/account/second-factor';
import type { StaffRole } from '~/shared/staff/back-office-access';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';
import { AppError, forbidden, unauthorized } from '../errors';
import type { Logger } from '../logger';
import type { Auth, StaffRoleOf } from './auth';

/** `admin`: someone of the back office, whichever their `staffRole`; everyone else is a customer. */
export type Role = 'admin' | 'customer';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  /** Their role in the back office (src/shared/staff/back-office-access.ts); null for a customer. */
  staffRole?: StaffRole | null;
  /**
   * This session was made by a second factor (decision 077) on an account that has one: what
   * the back office demands. False for a session from before it was set up, or from a way in
   * that asked no code.
   */
  secondFactor?: boolean;
}

/** A user's identity and their back-office role (if any) as a SessionUser. */
const asSessionUser = (
  who: { id: string; email: string; name: string; twoFactorEnabled?: boolean | null },
  staffRole: StaffRole | null,
  sessionSecondFactor: boolean | null | undefined,
): SessionUser => {
  return {
    id: who.id,
    email: who.email,
    name: who.name,
    role: staffRole ? 'admin' : 'customer',
    staffRole,
    secondFactor: !!who.twoFactorEnabled && !!sessionSecondFactor,
  };
};

/** Reads who is signed in from a request's cookies, and guards what needs a user or an admin. */
export function createSessionService(auth: Auth, db: Db, log: Logger, staffRoleOf: StaffRoleOf) {
  /** The user's back-office role (one at most: user_roles_one_per_user), or null. */
  async function staffRoleOfUser(userId: string): Promise<StaffRole | null> {
    try {
      const [row] = await db.select({ role: staffRoleOf(userId) }).from(sql`(select 1) as one`);
      return row?.role ?? null;
    } catch (err) {
      // docs/rules/accounts.md: any error during the lookup counts as customer.
      log.warn({ err, userId }, 'role lookup failed; treating as customer');
      return null;
    }
  }

  async function roleOf(userId: string): Promise<Role> {
    return (await staffRoleOfUser(userId)) ? 'admin' : 'customer';
  }

  async function getUser(headers: Headers): Promise<SessionUser | null> {
    const quick = await currentSession(headers);
    if (quick !== undefined) return quick;
    const session = await auth.api.getSession({ headers });
    if (!session) return null;
    const secondFactor = (session.session as { secondFactor?: boolean | null }).secondFactor;
    return asSessionUser(session.user, await staffRoleOfUser(session.user.id), secondFactor);
  }

  /**
   * The session's expiry, its user, and whether they are an admin, in one query. Every page asks
   * it, so it is built once (a prepared statement: on PostgreSQL also parsed and planned once per
   * connection) rather than on each request.
   */
  const sessionWithRole = db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      twoFactorEnabled: users.twoFactorEnabled,
      expiresAt: sessions.expiresAt,
      secondFactor: sessions.secondFactor,
      staffRole: staffRoleOf(users.id),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.token, sql.placeholder('token')))
    .limit(1)
    .prepare('session_with_role');

  /**
   * Every signed-in page asks who is asking, so the common case takes one query: a validly signed
   * session cookie whose session is live and not yet due for its daily renewal gives the user and
   * role at once. Anything else (undefined) goes through better-auth, which renews, expires and
   * cleans up sessions exactly as it does for its own endpoints.
   */
  async function currentSession(headers: Headers): Promise<SessionUser | null | undefined> {
    const { authCookies, secret, sessionConfig } = await auth.$context;
    const token = signedValue(headers.get('cookie'), authCookies.sessionToken.name, secret);
    if (token === null) return null; // no session cookie, or one this shop did not sign
    let row: Awaited<ReturnType<typeof sessionWithRole.execute>>[number] | undefined;
    try {
      [row] = await sessionWithRole.execute({ token });
    } catch (err) {
      // The slow way tells a lost session from a failed role lookup (docs/rules/accounts.md: customer).
      log.warn({ err }, 'session fast path failed; asking better-auth instead');
      return undefined;
    }
    if (!row) return null;
    const now = Date.now();
    const dueForRenewal =
      row.expiresAt.getTime() - sessionConfig.expiresIn * 1000 + sessionConfig.updateAge * 1000 <= now;
    if (row.expiresAt.getTime() <= now || dueForRenewal) return undefined;
    return asSessionUser(row, row.staffRole, row.secondFactor);
  }

  return {
    getUser,
    roleOf,
    /** Whether the account has a confirmed authenticator (the setup page's first question). */
    async hasSecondFactor(userId: string): Promise<boolean> {
      const [row] = await db
        .select({ on: users.twoFactorEnabled })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return !!row?.on;
    },
    /** The signed-in user, or a 401. */
    async requireUser(headers: Headers): Promise<SessionUser> {
      const user = await getUser(headers);
      if (!user) throw unauthorized();
      return user;
    },
    /**
     * Someone of the back office whose session a second factor made, or a 401 (no session) /
     * 403 (a customer; or no second factor: code `second_factor_required`).
     */
    async requireAdmin(headers: Headers): Promise<SessionUser> {
      const user = await getUser(headers);
      if (!user) throw unauthorized();
      if (user.role !== 'admin') throw forbidden();
      if (!user.secondFactor) throw new AppError(403, 'second_factor_required', SECOND_FACTOR_NEEDED);
      return user;
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;

/**
 * The value of a cookie signed as better-auth signs it (`value.base64(HMAC-SHA256)`, URI-encoded),
 * or null when it is missing or its signature is wrong.
 */
export function signedValue(cookieHeader: string | null, name: string, secret: string): string | null {
  if (!cookieHeader) return null;
  let raw: string | undefined;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) raw = part.slice(eq + 1).trim();
  }
  if (!raw) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const dot = decoded.lastIndexOf('.');
  if (dot < 1) return null;
  const value = decoded.slice(0, dot);
  const given = Buffer.from(decoded.slice(dot + 1));
  const expected = Buffer.from(createHmac('sha256', secret).update(value).digest('base64'));
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : null;
}

/**
 * Whether a Cookie header may carry a session (better-auth's session cookie, with or without its
 * `__Secure-` prefix): such a request is answered for its visitor, never from the shared cache.
 */
export function mayHaveSession(cookieHeader: string | undefined): boolean {
  return !!cookieHeader?.includes('better-auth.session_token=');
}
