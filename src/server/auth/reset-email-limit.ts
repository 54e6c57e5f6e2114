import type { RateLimiter } from '../rate-limit/rate-limiter';

/**
 * Reset e-mails asked for one address in a window, from any number of client addresses. The
 * per-address limit alone let 12 addresses queue 12 e-mails to one inbox; past this, the request
 * gets the usual answer and nothing is sent, so the limit says nothing about whether the account
 * exists.
 */
export const RESET_EMAILS_PER_ACCOUNT = { max: 3, windowSeconds: 60 * 60 };

/** better-auth's answer to every reset request, known address or not. */
export const RESET_REQUESTED = {
  status: true,
  message: 'If this email exists in our system, check your email for the reset link',
};

const keyFor = (email: string) => `reset-email-account:${email.trim().toLowerCase()}`;

export function createResetEmailLimit(rateLimiter: RateLimiter) {
  return {
    /** Counts a request for the address; false once it has had its share of e-mails. */
    async allow(email: string): Promise<boolean> {
      try {
        await rateLimiter.hit(
          keyFor(email),
          RESET_EMAILS_PER_ACCOUNT.max,
          RESET_EMAILS_PER_ACCOUNT.windowSeconds,
        );
        return true;
      } catch (err) {
        if ((err as { status?: number }).status === 429) return false;
        throw err;
      }
    },
  };
}
