import { APIError } from 'better-auth/api';
import { and, eq, ne } from 'drizzle-orm';
import { ProfileSchema } from '~/shared/schemas/account';
import { type SignUpInput, SignUpSchema } from '~/shared/schemas/sign-up';
import type { Auth } from '../auth/auth';
import type { Db } from '../db/client';
import { profiles, userRoles, users } from '../db/schema';
import { AppError, conflict, notFound, parseOrThrow } from '../errors';
import type { Logger } from '../logger';

export type ProfileRow = typeof profiles.$inferSelect;

export const EMAIL_TAKEN = 'An account with this email already exists. Please sign in instead.';

/** A profile as the screens and the JSON API see it (the field names of docs/rules/accounts.md). */
export interface ProfileDto {
  id: string;
  full_name: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  postcode: string;
  created_at: string;
}

export const toProfileDto = (p: ProfileRow): ProfileDto => ({
  id: p.id,
  full_name: p.fullName,
  email: p.email,
  phone: p.phone,
  address: p.address,
  city: p.city,
  postcode: p.postcode,
  created_at: p.createdAt.toISOString(),
});

/** Accounts: creating a user together with the profile the shop needs, profiles, admin grants. */
export function createAccountService(auth: Auth, db: Db, log: Logger) {
  async function userIdByEmail(email: string): Promise<string | undefined> {
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, email.trim().toLowerCase()))
      .limit(1);
    return row?.id;
  }

  async function getProfile(userId: string): Promise<ProfileRow> {
    const [row] = await db.select().from(profiles).where(eq(profiles.id, userId)).limit(1);
    if (!row) throw notFound('Profile not found');
    return row;
  }

  return {
    /**
     * Creates the user and their profile. better-auth writes the user in its own statements, so if
     * the profile cannot be written the user is deleted again: no user ever lacks a profile.
     */
    async signUp(input: SignUpInput): Promise<{ userId: string }> {
      const data = parseOrThrow(SignUpSchema, input);
      // better-auth stores e-mails in lower case; comparing that way makes "Mary@x" and "mary@x" one.
      const email = data.email.toLowerCase();
      // Checked here because better-auth, with autoSignIn off, answers a taken e-mail with a made-up user.
      if (await userIdByEmail(email)) throw conflict(EMAIL_TAKEN);
      let userId: string;
      try {
        const result = await auth.api.signUpEmail({
          body: { email, password: data.password, name: data.fullName },
        });
        userId = result.user.id;
      } catch (err) {
        if (err instanceof APIError && err.body?.code?.startsWith('USER_ALREADY_EXISTS'))
          throw conflict(EMAIL_TAKEN);
        // Two sign-ups with one e-mail at once: the loser's insert breaks the unique e-mail, which
        // better-auth reports as a failure to create the user. It is a taken e-mail all the same.
        if (await userIdByEmail(email)) throw conflict(EMAIL_TAKEN);
        if (err instanceof APIError)
          throw new AppError(400, 'sign_up_failed', err.body?.message ?? 'Failed to create account');
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
        await db.delete(users).where(eq(users.id, userId));
        // Two sign-ups with one e-mail at once: the loser's "user" was made up, so its profile fails.
        if (await userIdByEmail(email)) throw conflict(EMAIL_TAKEN);
        log.error({ err, userId }, 'profile insert failed; removed the new user');
        throw err;
      }
      return { userId };
    },

    getProfile,

    /** The profile as the screens show it. */
    async getProfileDto(userId: string): Promise<ProfileDto> {
      return toProfileDto(await getProfile(userId));
    },

    /**
     * Changes the customer's own details (not the e-mail) under sign-up's rules. better-auth's
     * user keeps the same name, since the session shows it.
     */
    async updateProfile(userId: string, input: unknown): Promise<ProfileDto> {
      const data = parseOrThrow(ProfileSchema, input);
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(profiles)
          .set({
            fullName: data.fullName,
            phone: data.phone,
            address: data.address,
            city: data.city,
            postcode: data.postcode,
          })
          .where(eq(profiles.id, userId))
          .returning();
        if (!row) throw notFound('Profile not found');
        await tx.update(users).set({ name: data.fullName }).where(eq(users.id, userId));
        return toProfileDto(row);
      });
    },

    /**
     * Grants (or revokes) the admin role of the user with this e-mail; 404 for an unknown e-mail.
     * `changed` is false when the user already had (or already lacked) the role.
     */
    async setAdmin(email: string, admin: boolean): Promise<{ changed: boolean }> {
      const userId = await userIdByEmail(email);
      if (!userId) throw notFound(`No account with the e-mail ${email.trim()}`);
      const changed = admin
        ? await db.transaction(async (tx) => {
            // One role per person: shop staff or a baker made owner stops being either.
            await tx.delete(userRoles).where(and(eq(userRoles.userId, userId), ne(userRoles.role, 'admin')));
            return tx
              .insert(userRoles)
              .values({ userId, role: 'admin' })
              .onConflictDoNothing()
              .returning({ userId: userRoles.userId });
          })
        : await db
            .delete(userRoles)
            .where(and(eq(userRoles.userId, userId), eq(userRoles.role, 'admin')))
            .returning({ userId: userRoles.userId });
      return { changed: changed.length > 0 };
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
