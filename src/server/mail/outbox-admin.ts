import { and, count, desc, eq, sql } from 'drizzle-orm';
import { isUuid } from '~/shared/ids';
import type { AdminEmailDetail, AdminEmailView } from '~/shared/mail/outbox';
import { ADMIN_PAGE_SIZE, PageQuerySchema } from '~/shared/schemas/admin';
import { recordActivity } from '../activity/activity-log';
import type { Db } from '../db/client';
import { newestFirst, type Page, pageOffset, toPage } from '../db/paging';
import { emailOutbox } from '../db/schema';
import { badRequest, notFound, parseOrThrow } from '../errors';
import { GIFT_CARD_KIND, maskGiftCardCodes } from './gift-card-code-scrub';
import type { OutboxRow } from './outbox';

const listColumns = {
  id: emailOutbox.id,
  kind: emailOutbox.kind,
  to: emailOutbox.to,
  subject: emailOutbox.subject,
  status: emailOutbox.status,
  attempts: emailOutbox.attempts,
  lastError: emailOutbox.lastError,
  createdAt: emailOutbox.createdAt,
  sentAt: emailOutbox.sentAt,
  nextAttemptAt: emailOutbox.nextAttemptAt,
};
type ListRow = Pick<OutboxRow, keyof typeof listColumns>;

const toView = (r: ListRow): AdminEmailView => ({
  id: r.id,
  kind: r.kind,
  to: r.to,
  subject: r.subject,
  status: r.status,
  attempts: r.attempts,
  last_error: r.lastError,
  created_at: r.createdAt.toISOString(),
  sent_at: r.sentAt?.toISOString() ?? null,
  next_attempt_at: r.nextAttemptAt.toISOString(),
});

/**
 * The back office's window on the outbox (the mail module owns the table): every e-mail newest
 * first, one e-mail's content, and sending a failed one again. The caller checks the admin role.
 */
export function createOutboxAdmin(db: Db, kick: () => void) {
  return {
    async list(query: unknown = {}): Promise<Page<AdminEmailView>> {
      const { page } = parseOrThrow(PageQuerySchema, query);
      const [rows, [total]] = await Promise.all([
        db
          .select(listColumns)
          .from(emailOutbox)
          .orderBy(newestFirst(emailOutbox.createdAt), desc(emailOutbox.id))
          .limit(ADMIN_PAGE_SIZE)
          .offset(pageOffset(page)),
        db.select({ n: count() }).from(emailOutbox),
      ]);
      return toPage(rows.map(toView), page, total!.n);
    },

    async get(id: string): Promise<AdminEmailDetail> {
      if (!isUuid(id)) throw notFound('E-mail not found');
      const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
      if (!row) throw notFound('E-mail not found');
      // A gift card not sent yet still has its code here: the back office never shows it (decision 064).
      // Without SMTP a logged e-mail is the only copy its recipient can read (the demo), so it is shown.
      const masked = row.kind === GIFT_CARD_KIND && row.status !== 'logged';
      const shown = masked ? maskGiftCardCodes : (body: string) => body;
      return {
        ...toView(row),
        reply_to: row.replyTo,
        headers: row.headers ?? {},
        text: shown(row.text),
        html: shown(row.html),
      };
    },

    /**
     * Queues a failed e-mail again, due now, with a fresh set of attempts. Only a failed one: the
     * conditional update makes a double click (or two admins) queue it once, and never re-sends
     * one that was sent or is still being tried.
     */
    async resend(id: string): Promise<AdminEmailView> {
      if (!isUuid(id)) throw notFound('E-mail not found');
      const row = await db.transaction(async (tx) => {
        const [queued] = await tx
          .update(emailOutbox)
          .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()`, lockedUntil: null })
          .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, 'failed')))
          .returning(listColumns);
        if (queued) {
          await recordActivity(tx, {
            kind: 'email.resend',
            record: ['email', id],
            before: { status: 'failed' },
            after: { status: 'pending' },
          });
        }
        return queued;
      });
      if (row) {
        kick();
        return toView(row);
      }
      const [existing] = await db
        .select({ status: emailOutbox.status })
        .from(emailOutbox)
        .where(eq(emailOutbox.id, id));
      if (!existing) throw notFound('E-mail not found');
      throw badRequest(
        existing.status === 'pending'
          ? 'This e-mail is already queued to be sent'
          : 'Only a failed e-mail can be sent again',
      );
    },
  };
}
