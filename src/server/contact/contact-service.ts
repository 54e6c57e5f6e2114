import { count, desc, eq } from 'drizzle-orm';
import { isUuid } from '~/shared/ids';
import type { MessageState } from '~/shared/message-states';
import { ContactSchema, MessageStateUpdateSchema } from '~/shared/schemas/contact';
import { recordActivity } from '../activity/activity-log';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Page } from '../db/paging';
import { contactMessages } from '../db/schema';
import { notFound, parseOrThrow } from '../errors';
import type { Logger } from '../logger';
import { contactEmail } from '../mail/contact-email';
import type { MailService } from '../mail/mail-service';
import type { RateLimiter } from '../rate-limit/rate-limiter';

/** Messages one address may send per window: plenty for a person, useless for a spammer. */
export const CONTACT_RATE_LIMIT = { max: 5, windowSeconds: 600 } as const;
export const CONTACT_RATE_LIMIT_MESSAGE =
  'You have sent several messages in a short time. Please wait 10 minutes and try again, or email us directly.';
export const MESSAGES_PAGE_SIZE = 20;

export interface ContactMessage {
  id: string;
  userId: string | null;
  name: string;
  email: string;
  message: string;
  state: MessageState;
  createdAt: Date;
}

/** A page of messages (the back office's one paging shape), with how many are unread in all. */
export interface MessagePage extends Page<ContactMessage> {
  unread: number;
}

export function createContactService(
  config: Config,
  db: Db,
  rateLimiter: RateLimiter,
  mail: MailService,
  log: Logger,
) {
  /** Messages the owner has not read yet (the admin sidebar shows it on every page). */
  // Every back-office page's sidebar asks it: built once (a prepared statement), not per page.
  const unread = db
    .select({ n: count() })
    .from(contactMessages)
    .where(eq(contactMessages.state, 'unread'))
    .prepare('unread_messages');

  async function unreadCount(): Promise<number> {
    const [row] = await unread.execute();
    return row?.n ?? 0;
  }

  return {
    /**
     * Stores a visitor's message and queues its e-mail to the shop in one transaction: the
     * message is kept whatever happens to the mail server, and it is never e-mailed twice.
     * `senderId` is the signed-in account sending it (the session's, never the form's), if any.
     */
    async send(input: unknown, clientIp: string, senderId: string | null = null): Promise<{ id: string }> {
      const data = parseOrThrow(ContactSchema, input);
      await rateLimiter.hit(
        `contact:${clientIp}`,
        CONTACT_RATE_LIMIT.max,
        CONTACT_RATE_LIMIT.windowSeconds,
        CONTACT_RATE_LIMIT_MESSAGE,
      );
      const saved = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(contactMessages)
          .values({ ...data, userId: senderId })
          .returning();
        await mail.enqueue(
          contactEmail(config.shop, { messageId: row!.id, ...data, receivedAt: row!.createdAt }),
          tx,
        );
        return row!;
      });
      mail.kick();
      log.info({ id: saved.id }, 'contact message received');
      return { id: saved.id };
    },

    /** Messages newest first, a page at a time (pages count from 1; past the end is empty). */
    async list(page = 1, pageSize = MESSAGES_PAGE_SIZE): Promise<MessagePage> {
      const current = Number.isSafeInteger(page) && page > 0 ? page : 1;
      const [items, [totals], unread] = await Promise.all([
        db
          .select()
          .from(contactMessages)
          .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
          .limit(pageSize)
          .offset((current - 1) * pageSize),
        db.select({ total: count() }).from(contactMessages),
        unreadCount(),
      ]);
      const total = totals?.total ?? 0;
      const pageCount = Math.max(1, Math.ceil(total / pageSize));
      return { items, page: current, pageSize, total, pageCount, unread };
    },

    unreadCount,

    /** The owner marks a message unread, read or handled; an unknown message is "not found". */
    async setState(id: string, input: unknown): Promise<ContactMessage> {
      const { state } = parseOrThrow(MessageStateUpdateSchema, input);
      if (!isUuid(id)) throw notFound('Message not found');
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select({ state: contactMessages.state })
          .from(contactMessages)
          .where(eq(contactMessages.id, id))
          .for('update');
        if (!before) throw notFound('Message not found');
        const [row] = await tx
          .update(contactMessages)
          .set({ state })
          .where(eq(contactMessages.id, id))
          .returning();
        await recordActivity(tx, {
          kind: 'message.state',
          record: ['message', id],
          before,
          after: { state },
        });
        return row!;
      });
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
