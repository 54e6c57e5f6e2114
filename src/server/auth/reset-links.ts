import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { verifications } from '../db/schema';

/**
 * Ends every reset link the account still has. better-auth keeps a reset token as a verification
 * row whose value is the user's id and whose identifier is a hash of "reset-password:<token>"
 * (we store identifiers hashed), so the links cannot be picked out by their prefix; they are the
 * only verification rows that hold a user's id here (better-auth's other per-user kind, the
 * delete-account link, belongs to /delete-user, which is disabled in auth.ts).
 */
export async function endResetLinks(db: Db, userId: string): Promise<void> {
  await db.delete(verifications).where(eq(verifications.value, userId));
}
