import { and, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { emailOutbox } from '../db/schema';
import { GIFT_CARD_KIND, maskedInSql } from './gift-card-code-scrub';

export type OutboxRow = typeof emailOutbox.$inferSelect;

/** How long a claimed row stays with the instance that claimed it (longer than any send may take). */
export const LOCK_SECONDS = 300;
/** Retry delays double from this, up to MAX_BACKOFF_SECONDS. */
export const FIRST_BACKOFF_SECONDS = 10;
export const MAX_BACKOFF_SECONDS = 3600;
/**
 * After this many attempts (about 1 h 25 min of retrying: 10 s doubling) an e-mail is `failed`
 * and the worker leaves it alone; the owner sees it on the E-mails page and can resend it
 * (decision 004). Long enough to ride out a mail server restart, short enough that a refused
 * address or wrong SMTP password is shown as a failure the same day rather than retried for ever.
 */
export const MAX_ATTEMPTS = 10;

/** Seconds to wait after the given number of failed attempts: 10, 20, 40 ... capped at an hour. */
export function backoffSeconds(attempts: number): number {
  return Math.min(FIRST_BACKOFF_SECONDS * 2 ** Math.max(attempts - 1, 0), MAX_BACKOFF_SECONDS);
}

/** An interval literal; only ever built from our own integer constants. */
const secondsInterval = (seconds: number) => sql.raw(`interval '${Math.trunc(seconds)} seconds'`);

/**
 * Claims up to `limit` due e-mails for this instance. `for update skip locked` lets concurrent
 * claimers (other instances, or overlapping passes) each take different rows; the lease in
 * locked_until keeps a claimed row from being claimed again until it is released or the holder
 * has died. Each claim counts as an attempt, so a row that crashes its sender still backs off.
 * Built once and prepared by name: the worker sends it after every paid order (decision 023).
 */
export function prepareClaimDue(db: Db): (limit: number) => Promise<OutboxRow[]> {
  const due = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.status, 'pending'),
        lte(emailOutbox.nextAttemptAt, sql`now()`),
        or(isNull(emailOutbox.lockedUntil), lt(emailOutbox.lockedUntil, sql`now()`)),
      ),
    )
    .orderBy(emailOutbox.nextAttemptAt)
    .limit(sql.placeholder('limit'))
    .for('update', { skipLocked: true });
  const claim = db
    .update(emailOutbox)
    .set({
      lockedUntil: sql`now() + ${secondsInterval(LOCK_SECONDS)}`,
      attempts: sql`${emailOutbox.attempts} + 1`,
    })
    .where(inArray(emailOutbox.id, due))
    .returning()
    .prepare('claim_due_emails');
  return (limit) => claim.execute({ limit });
}

/**
 * Masked once handed to the SMTP server: a gift-card e-mail's code (decision 064); any other e-mail
 * as it is. Without SMTP the outbox is the only copy anyone can read (the demo's mailbox), so a
 * logged e-mail keeps its code.
 */
const deliveredCopy = (
  column: typeof emailOutbox.text | typeof emailOutbox.html,
  status: 'sent' | 'logged',
) =>
  status === 'logged'
    ? column
    : sql`case when ${emailOutbox.kind} = ${GIFT_CARD_KIND} then ${maskedInSql(column)} else ${column} end`;

/**
 * Records deliveries, one statement for all of them: 'sent' over SMTP, 'logged' in log mode. A
 * gift card's code sent over SMTP is masked in the same statement: the outbox keeps no live code.
 */
export async function markDelivered(db: Db, ids: string[], status: 'sent' | 'logged'): Promise<void> {
  await db
    .update(emailOutbox)
    .set({
      status,
      sentAt: sql`now()`,
      lockedUntil: null,
      lastError: null,
      text: deliveredCopy(emailOutbox.text, status),
      html: deliveredCopy(emailOutbox.html, status),
    })
    .where(inArray(emailOutbox.id, ids));
}

/**
 * Releases a row whose attempt failed, with its error: due again after the back-off, or `failed`
 * for good once it has had MAX_ATTEMPTS. Answers whether it gave up.
 */
export async function markFailed(db: Db, row: OutboxRow, error: string): Promise<boolean> {
  const givingUp = row.attempts >= MAX_ATTEMPTS;
  await db
    .update(emailOutbox)
    .set({
      lockedUntil: null,
      lastError: error.slice(0, 1000),
      ...(givingUp
        ? { status: 'failed' as const }
        : { nextAttemptAt: sql`now() + ${secondsInterval(backoffSeconds(row.attempts))}` }),
    })
    .where(eq(emailOutbox.id, row.id));
  return givingUp;
}
