import { APIError } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import { type SignUpInput, SignUpSchema } from '~/shared/schemas/sign-up';
import type { Auth } from '../auth/auth';
import type { Db } from '../db/client';
import { profiles, userRoles, users } from '../db/schema';
import { AppError, conflict, notFound, parseOrThrow } from '../errors';
import type { Logger } from '../logger';

export type ProfileRow = typeof profiles.$inferSelect;

/** Accounts: creating a user together with the profile the shop needs, and admin grants. */
export function createAccountService(auth: Auth, db: Db, log: Logger) {
  return {
    /**
     * Creates the user and their profile. better-auth writes the user in its own statements, so if
     * the profile cannot be written the user is deleted again: no user ever lacks a profile.
     */
    async signUp(input: SignUpInput): Promise<{ userId: string }> {
      const data = parseOrThrow(SignUpSchema, input);
      const email = data.email.toLowerCase();
      let userId: string;
      try {
        const result = await auth.api.signUpEmail({
          body: { email, password: data.password, name: data.fullName },
        });
        userId = result.user.id;
      } catch (err) {
        if (err instanceof APIError) {
          if (err.body?.code === 'USER_ALREADY_EXISTS' || err.status === 'UNPROCESSABLE_ENTITY') {
            throw conflict('An account with this email already exists. Please sign in instead.');
          }
          throw new AppError(400, 'sign_up_failed', err.body?.message ?? 'Failed to create account');
        }
        throw err;
      }
      try {
        await db.insert(profiles).values({
          id: userId,
          fullName: data.fullName,
          email,
          phone: data.phone,
          address: data.address,
          city: data.city,
          postcode: data.postcode,
        });
      } catch (err) {
        log.error({ err, userId }, 'profile insert failed; removing the new user');
        await db.delete(users).where(eq(users.id, userId));
        throw err;
      }
      return { userId };
    },

    async getProfile(userId: string): Promise<ProfileRow> {
      const [row] = await db.select().from(profiles).where(eq(profiles.id, userId)).limit(1);
      if (!row) throw notFound('Profile not found');
      return row;
    },

    /** Makes the user with this e-mail an admin (idempotent). */
    async setAdmin(email: string, admin: boolean): Promise<void> {
      const [user] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, email.trim().toLowerCase()))
        .limit(1);
      if (!user) throw notFound(`No user with e-mail ${email}`);
      if (admin) {
        await db.insert(userRoles).values({ userId: user.id, role: 'admin' }).onConflictDoNothing();
      } else {
        await db.delete(userRoles).where(eq(userRoles.userId, user.id));
      }
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
