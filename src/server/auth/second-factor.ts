import { symmetricDecrypt, symmetricEncrypt } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/db-types';
import { sessions, twoFactors, users, verifications } from '../db/schema';
import type { Auth } from './auth';

/**
 * Takes a person's second factor away (the owner's reset, `npm run admin -- reset-2fa`): the
 * authenticator and backup codes, every trusted device and pending code challenge (verifications
 * holding the user's id), and every session. The next sign-in has no code and the back office
 * sends them to set up a new one. In the caller's transaction, so its activity entry goes with it.
 */
export async function removeSecondFactor(tx: Tx, userId: string): Promise<boolean> {
  const removed = await tx
    .delete(twoFactors)
    .where(eq(twoFactors.userId, userId))
    .returning({ id: twoFactors.id });
  const [user] = await tx
    .update(users)
    .set({ twoFactorEnabled: false })
    .where(eq(users.id, userId))
    .returning({ had: users.id });
  await tx.delete(verifications).where(eq(verifications.value, userId));
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  return removed.length > 0 || !!user;
}

/**
 * Gives an account an authenticator whose secret (base32) is already known, confirmed, with the
 * given backup codes: the demo admin's published one (decision 078), and test accounts'. The
 * plugin reads a `base32:` secret as the base32 text an authenticator app is given.
 */
export async function enrolKnownSecret(
  auth: Auth,
  db: Db | Tx,
  userId: string,
  base32Secret: string,
  backupCodes: string[],
): Promise<void> {
  const { secretConfig } = await auth.$context;
  const secret = await symmetricEncrypt({ key: secretConfig, data: `base32:${base32Secret}` });
  const codes = await symmetricEncrypt({ key: secretConfig, data: JSON.stringify(backupCodes) });
  await db
    .insert(twoFactors)
    .values({ id: crypto.randomUUID(), userId, secret, backupCodes: codes, verified: true })
    .onConflictDoUpdate({
      target: twoFactors.userId,
      set: { secret, backupCodes: codes, verified: true, failedVerificationCount: 0, lockedUntil: null },
    });
  await db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, userId));
}

/** The base32 secret an account's authenticator holds, or null (none, or unreadable). */
export async function secretOf(auth: Auth, db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ secret: twoFactors.secret })
    .from(twoFactors)
    .where(eq(twoFactors.userId, userId));
  if (!row) return null;
  const { secretConfig } = await auth.$context;
  try {
    const plain = await symmetricDecrypt({ key: secretConfig, data: row.secret });
    return plain.startsWith('base32:') ? plain.slice('base32:'.length).toUpperCase() : null;
  } catch {
    return null;
  }
}

/** `removeSecondFactor` by e-mail (the command on the machine); false when no account has it. */
export async function resetSecondFactorOf(db: Db, email: string): Promise<boolean> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()));
  if (!user) return false;
  await db.transaction((tx) => removeSecondFactor(tx, user.id));
  return true;
}
