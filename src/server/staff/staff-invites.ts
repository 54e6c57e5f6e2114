import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { PasswordSchema } from '~/shared/schemas/sign-up';
import { STAFF_ROLE_LABELS, STAFF_ROLES } from '~/shared/staff/back-office-access';
import { recordActivity } from '../activity/activity-log';
import type { Auth } from '../auth/auth';
import type { Config } from '../config';
import type { Db } from '../db/db-types';
import { accounts, sessions, staffInvites, userRoles, users } from '../db/schema';
import { AppError, badRequest, conflict, parseOrThrow } from '../errors';
import type { MailService } from '../mail/mail-service';
import { staffInviteEmail } from '../mail/staff-invite-email';
import { ROW_OF_STAFF_ROLE } from './staff-roles';

/** How long an invitation's link works. */
export const INVITE_DAYS = 7;
/** The page an invitation's link opens. */
export const JOIN_PATH = '/join';

const ROLE_NAMES = STAFF_ROLES.map((r) => STAFF_ROLE_LABELS[r]).join(', ');
export const InviteSchema = z.object({
  name: z.string().trim().min(1, 'Enter their name.').max(100, 'Keep the name under 100 characters.'),
  email: z.email('Enter a valid e-mail address.').trim(),
  role: z.enum(STAFF_ROLES, { error: `Choose a role: ${ROLE_NAMES}.` }),
});

export const INVITE_MESSAGES = {
  unknown: 'This invitation link is not valid. Ask the owner for a new one.',
  used: 'This invitation has already been used. Sign in with your e-mail and password.',
  expired: 'This invitation has expired. Ask the owner for a new one.',
  alreadyStaff: (email: string) => `${email} is already in the back office.`,
} as const;

/** The invitation as the join page shows it before the password is chosen. */
export interface InviteView {
  name: string;
  email: string;
  roleLabel: string;
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Invitations to the back office: the owner names a person, an e-mail and a role; the
 * person's one-time link (7 days) sets their password and makes them staff. The link's token is
 * stored only as its hash, and the invitation is used up in the same transaction that joins them.
 */
export function createStaffInvites(config: Config, db: Db, auth: Auth, mail: MailService) {
  const staffRoleOfEmail = async (exec: Pick<Db, 'select'>, email: string) => {
    const [row] = await exec
      .select({ id: users.id, role: userRoles.role })
      .from(users)
      .leftJoin(userRoles, eq(userRoles.userId, users.id))
      .where(eq(users.email, email))
      .limit(1);
    return row;
  };

  /** The invitation behind a token, or the message that says why it cannot be used. */
  function refusal(invite: { usedAt: Date | null; expiresAt: Date } | undefined): string | null {
    if (!invite) return INVITE_MESSAGES.unknown;
    if (invite.usedAt) return INVITE_MESSAGES.used;
    if (invite.expiresAt.getTime() <= Date.now()) return INVITE_MESSAGES.expired;
    return null;
  }

  return {
    /** Sends an invitation; an earlier one still open for the same e-mail stops working. */
    async invite(input: unknown): Promise<{ id: string }> {
      const data = parseOrThrow(InviteSchema, input);
      const email = data.email.toLowerCase();
      const token = randomBytes(32).toString('base64url');
      return db.transaction(async (tx) => {
        if ((await staffRoleOfEmail(tx, email))?.role) throw conflict(INVITE_MESSAGES.alreadyStaff(email));
        const now = new Date();
        await tx
          .update(staffInvites)
          .set({ expiresAt: now })
          .where(
            and(eq(staffInvites.email, email), isNull(staffInvites.usedAt), gt(staffInvites.expiresAt, now)),
          );
        const [row] = await tx
          .insert(staffInvites)
          .values({
            email,
            name: data.name,
            role: ROW_OF_STAFF_ROLE[data.role],
            tokenHash: hashOf(token),
            expiresAt: new Date(now.getTime() + INVITE_DAYS * 24 * 60 * 60 * 1000),
          })
          .returning({ id: staffInvites.id });
        const id = row!.id;
        const link = `${config.publicUrl}${JOIN_PATH}?token=${encodeURIComponent(token)}`;
        const roleLabel = STAFF_ROLE_LABELS[data.role];
        await mail.enqueue(
          staffInviteEmail(config.shop.name, { id, to: email, name: data.name, roleLabel, link }),
          tx,
        );
        await recordActivity(tx, {
          kind: 'staff.invite',
          record: ['staff_invite', id],
          after: { role: data.role },
        });
        return { id };
      });
    },

    /** What the join page shows for a token, or why it cannot be used (`{ error }`). */
    async view(token: string): Promise<InviteView | { error: string }> {
      const [invite] = await db
        .select()
        .from(staffInvites)
        .where(eq(staffInvites.tokenHash, hashOf(token)));
      const error = refusal(invite);
      if (error || !invite) return { error: error ?? INVITE_MESSAGES.unknown };
      const role = STAFF_ROLES.find((r) => ROW_OF_STAFF_ROLE[r] === invite.role)!;
      return { name: invite.name, email: invite.email, roleLabel: STAFF_ROLE_LABELS[role] };
    },

    /**
     * Uses the invitation: the person's password is set (a new account, or the customer account they
     * already have) and they join in the invited role. Their other sessions end.
     */
    async accept(token: unknown, password: unknown): Promise<{ email: string }> {
      if (typeof token !== 'string' || !token) throw badRequest(INVITE_MESSAGES.unknown);
      const parsed = PasswordSchema.safeParse(password);
      if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid password');
      // Checked before hashing, so a dead link costs no hash; checked again under the lock below.
      const early = await this.view(token);
      if ('error' in early) throw new AppError(410, 'invite_unusable', early.error);
      const hash = await (await auth.$context).password.hash(parsed.data);
      return db.transaction(async (tx) => {
        const [invite] = await tx
          .select()
          .from(staffInvites)
          .where(eq(staffInvites.tokenHash, hashOf(token)))
          .for('update');
        const error = refusal(invite);
        if (error || !invite) throw new AppError(410, 'invite_unusable', error ?? INVITE_MESSAGES.unknown);
        const existing = await staffRoleOfEmail(tx, invite.email);
        if (existing?.role) throw conflict(INVITE_MESSAGES.alreadyStaff(invite.email));
        const userId = existing?.id ?? randomUUID();
        if (existing) {
          await tx.update(users).set({ emailVerified: true }).where(eq(users.id, userId));
          await tx.delete(sessions).where(eq(sessions.userId, userId));
          const updated = await tx
            .update(accounts)
            .set({ password: hash })
            .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')))
            .returning({ id: accounts.id });
          if (updated.length === 0) await insertCredential(tx, userId, hash);
        } else {
          await tx
            .insert(users)
            .values({ id: userId, name: invite.name, email: invite.email, emailVerified: true });
          await insertCredential(tx, userId, hash);
        }
        await tx.insert(userRoles).values({ userId, role: invite.role });
        await tx.update(staffInvites).set({ usedAt: new Date() }).where(eq(staffInvites.id, invite.id));
        return { email: invite.email };
      });
    },
  };
}

/** better-auth's e-mail-and-password account: provider `credential`, its id the user's. */
const insertCredential = (tx: Pick<Db, 'insert'>, userId: string, password: string) =>
  tx
    .insert(accounts)
    .values({ id: randomUUID(), accountId: userId, providerId: 'credential', userId, password });

export type StaffInvites = ReturnType<typeof createStaffInvites>;
