import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';
import type { RateLimiter } from '../rate-limit/rate-limiter';

/**
 * Failed sign-ins allowed per account in a window, from any number of addresses: a guesser who
 * spreads over many addresses (each under the per-address limit) is slowed all the same.
 */
export const ACCOUNT_SIGN_IN_LIMIT = { max: 20, windowSeconds: 15 * 60 };

const keyFor = (email: string) => `sign-in-account:${email.trim().toLowerCase()}`;

export function createAccountSignInLimit(db: Db, rateLimiter: RateLimiter) {
  return {
    /** Counts an attempt on the account; false once the account has had too many. */
    async allow(email: string): Promise<boolean> {
      try {
        await rateLimiter.hit(keyFor(email), ACCOUNT_SIGN_IN_LIMIT.max, ACCOUNT_SIGN_IN_LIMIT.windowSeconds);
        return true;
      } catch (err) {
        if ((err as { status?: number }).status === 429) return false;
        throw err;
      }
    },
    /** A successful sign-in clears the account's count: only failures add up. */
    async succeeded(email: string): Promise<void> {
      await db.delete(rateLimits).where(eq(rateLimits.key, keyFor(email)));
    },
  };
}
