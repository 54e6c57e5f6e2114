import { createHash, randomUUID } from 'node:crypto';
import { and, eq, gt, like, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { verifications } from '../db/schema';

/**
 * Authenticator codes already used (decision 087, RFC 6238 section 5.2): better-auth's plugin
 * accepts a code for its whole window (the step before, its own and the next: up to 90 s), as
 * often as it is sent. A code is claimed for its account before the plugin checks it, so the
 * same code cannot open a second sign-in while it is still valid; a code the plugin refuses is
 * given back. Kept as verifications holding the user's id, so a second-factor reset removes them.
 */

/** What the person reads when a code is sent again. */
export const CODE_ALREADY_USED =
  'That code has already been used. Wait for the next code from your authenticator app and enter that one.';

/** How long a used code stays refused: longer than any window the plugin accepts it in. */
const USED_FOR_MS = 2 * 60 * 1000;
const PREFIX = 'totp-used:';

/** The claim's identifier: the code is not kept as it is. */
const identifierOf = (userId: string, code: string) =>
  `${PREFIX}${createHash('sha256').update(`${userId}:${code}`).digest('base64url')}`;

/**
 * Claims `code` for `userId`: true when it was not used in the last two minutes (it is now),
 * false when it was. One transaction holding the account's lock, so two requests with the same
 * code cannot both claim it.
 */
export function claimCode(db: Db, userId: string, code: string, now = new Date()): Promise<boolean> {
  const identifier = identifierOf(userId, code);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${PREFIX}${userId}`}))`);
    await tx
      .delete(verifications)
      .where(
        and(
          eq(verifications.value, userId),
          like(verifications.identifier, `${PREFIX}%`),
          lt(verifications.expiresAt, now),
        ),
      );
    const [used] = await tx
      .select({ id: verifications.id })
      .from(verifications)
      .where(and(eq(verifications.identifier, identifier), gt(verifications.expiresAt, now)));
    if (used) return false;
    await tx.insert(verifications).values({
      id: randomUUID(),
      identifier,
      value: userId,
      expiresAt: new Date(now.getTime() + USED_FOR_MS),
    });
    return true;
  });
}

/** Gives a claimed code back: the plugin refused it, so it opened nothing. */
export async function releaseCode(db: Db, userId: string, code: string): Promise<void> {
  await db
    .delete(verifications)
    .where(and(eq(verifications.identifier, identifierOf(userId, code)), eq(verifications.value, userId)));
}
