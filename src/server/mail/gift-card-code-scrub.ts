import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { emailOutbox } from '../db/schema';

/**
 * A gift card's code lives only in the e-mail that carries it (decision 047), and only until that
 * e-mail is delivered (decision 064): then the outbox keeps the e-mail with the code masked to its
 * last 4, so the E-mails page, a leaked database or a backup hands out no live card. A resend
 * gives the card a new code and writes the e-mail again.
 */

/** A code as the e-mail prints it: five groups of four from the code alphabet (no 0, 1, I, L, O, U). */
const CODE_AS_PRINTED = '([2-9A-HJKMNP-TV-Z]{4}-){4}([2-9A-HJKMNP-TV-Z]{4})';
const MASK = '••••-••••-••••-••••-';

/** The e-mail's text with every code masked to its last 4 (for the back office's E-mails page). */
export const maskGiftCardCodes = (text: string) =>
  text.replace(new RegExp(CODE_AS_PRINTED, 'g'), `${MASK}$2`);

/** The SQL that masks the codes in a column, as `maskGiftCardCodes` does. */
export const maskedInSql = (column: typeof emailOutbox.text | typeof emailOutbox.html) =>
  sql`regexp_replace(${column}, ${CODE_AS_PRINTED}, ${`${MASK}\\2`}, 'g')`;

/** The outbox kind whose e-mails carry a code. */
export const GIFT_CARD_KIND = 'gift-card';

/**
 * Masks the codes of gift-card e-mails already delivered: those delivered before masking existed
 * (run as the e-mail worker starts; safe to run again, on any instance).
 */
export async function scrubDeliveredGiftCardCodes(db: Db): Promise<number> {
  const rows = await db
    .update(emailOutbox)
    .set({ text: maskedInSql(emailOutbox.text), html: maskedInSql(emailOutbox.html) })
    .where(
      and(
        eq(emailOutbox.kind, GIFT_CARD_KIND),
        eq(emailOutbox.status, 'sent'),
        sql`${emailOutbox.text} ~ ${CODE_AS_PRINTED}`,
      ),
    )
    .returning({ id: emailOutbox.id });
  return rows.length;
}
