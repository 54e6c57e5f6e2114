import { and, eq, inArray, sql } from 'drizzle-orm';
import type { OrderView } from '~/shared/orders/order-view';
import type { Config } from '../config';
import type { Db, Tx } from '../db/client';
import { emailOutbox } from '../db/schema';
import type { Logger } from '../logger';
import { NO_COUNTERS, type ShopCounters } from '../metrics/shop-counters';
import { scrubDeliveredGiftCardCodes } from './gift-card-code-scrub';
import { type GiftCardEmailInput, giftCardEmail } from './gift-card-email';
import { buildOrderConfirmation } from './order-confirmation';
import { buildOrderUpdate, type OrderUpdate } from './order-updates';
import { markDelivered, markFailed, type OutboxRow, prepareClaimDue } from './outbox';
import { createOutboxAdmin } from './outbox-admin';
import type { OutgoingEmail } from './outgoing-email';
import { buildOwnerOrderAlert } from './owner-order-alert';
import { createTransport, type MailTransport } from './transport';

export interface DeliveryCounts {
  /** Handed to the SMTP server. */
  sent: number;
  /** Kept in the outbox and written to the log (no SMTP_URL). */
  logged: number;
  /** Refused or unreachable; retried after a back-off, or marked failed after the last attempt. */
  failed: number;
}

/** The shop as order e-mails show it: its details, and the trader's legal line ('' until set). */
export type MailShop = Config['shop'] & { traderLine: string };

const POLL_MS = 2_000;
const BATCH = 10;
/** A transaction that enqueued has usually committed by then; the poll catches any that have not. */
const AFTER_COMMIT_MS = 100;

/**
 * Outgoing e-mail goes through the database outbox: enqueue writes a row (inside the caller's
 * transaction when given one, so the e-mail exists exactly when the caller's change does), and a
 * worker delivers due rows with retries. Rows are claimed in the database, so any number of
 * server instances can run the worker and each e-mail is still handed over once.
 */
export function createMailService(
  config: Config,
  db: Db,
  log: Logger,
  transport?: MailTransport,
  counters: ShopCounters = NO_COUNTERS,
  /** The shop's details as the owner set them (legal/trader-details-service), read in the caller's transaction. */
  shopDetails: (exec: Db | Tx) => Promise<MailShop> = async () => ({ ...config.shop, traderLine: '' }),
) {
  const mailer = transport ?? createTransport(config.mail, log);
  const claimDue = prepareClaimDue(db);
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;

  /** Hands one e-mail to the mail server; a failure is recorded on its row at once (retry or give up). */
  async function send(row: OutboxRow, counts: DeliveryCounts): Promise<boolean> {
    try {
      await mailer.send(row);
      return true;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      counts.failed++;
      const gaveUp = await markFailed(db, row, message);
      counters.emailDeliveryFailed(gaveUp);
      const fields = { id: row.id, kind: row.kind, to: row.to, attempts: row.attempts, err: message };
      if (gaveUp) log.error(fields, 'e-mail failed for good: resend it from the E-mails page');
      else log.warn(fields, 'e-mail delivery failed; will retry');
      return false;
    }
  }

  /**
   * One delivery pass: claims due rows batch by batch until none are left, and marks each batch's
   * delivered e-mails in one statement (a paid order's two e-mails cost one update, not two).
   */
  async function deliverDue(): Promise<DeliveryCounts> {
    const counts: DeliveryCounts = { sent: 0, logged: 0, failed: 0 };
    const status = mailer.mode === 'smtp' ? 'sent' : 'logged';
    for (;;) {
      const rows = await claimDue(BATCH);
      const handed = await Promise.all(rows.map((row) => send(row, counts)));
      const delivered = rows.filter((_, i) => handed[i]);
      if (delivered.length > 0) {
        await markDelivered(
          db,
          delivered.map((row) => row.id),
          status,
        );
        counts[status] += delivered.length;
        for (const row of delivered) log.info({ id: row.id, kind: row.kind, to: row.to }, `e-mail ${status}`);
      }
      if (rows.length < BATCH) return counts;
    }
  }

  /** Runs a pass now, or one more right after the current pass; never two at once in this process. */
  function kick() {
    if (!timer) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        await deliverDue();
      } while (again && timer);
    })()
      .catch((err) => log.error({ err }, 'e-mail delivery pass failed'))
      .finally(() => {
        running = null;
      });
  }

  /** Writes the e-mails to the outbox in one statement; a dedupe key already there is skipped. */
  async function enqueueAll(all: OutgoingEmail[], tx: Db | Tx) {
    // Nobody to send to (a deleted account's address is emptied): such an e-mail is never queued.
    const emails = all.flatMap((email) => {
      if (email.to.trim() === '') {
        log.warn({ kind: email.kind, dedupeKey: email.dedupeKey }, 'e-mail with no recipient not queued');
        return [];
      }
      return [email.replyTo?.trim() === '' ? { ...email, replyTo: undefined } : email];
    });
    if (emails.length === 0) return;
    const written = await tx
      .insert(emailOutbox)
      .values(emails)
      .onConflictDoNothing({ target: emailOutbox.dedupeKey })
      .returning({ id: emailOutbox.id });
    counters.emailsQueued(written.length);
    for (const email of emails) log.debug({ kind: email.kind, to: email.to }, 'e-mail queued');
    if (tx === db) kick();
    else setTimeout(kick, AFTER_COMMIT_MS).unref();
  }

  return {
    mode: mailer.mode,

    async enqueue(email: OutgoingEmail, tx: Db | Tx = db): Promise<void> {
      await enqueueAll([email], tx);
    },

    /**
     * Queues an order's e-mail to its customer inside the caller's transaction: the confirmation
     * when it is paid, or an update. Each goes out once (per order, or per refund), unless
     * switched off by ORDER_EMAILS_OFF. A paid order also alerts the owner, in the same
     * transaction (and the same statement), once per order.
     */
    async queueOrderEmail(
      event: OrderUpdate | { kind: 'paid' },
      view: OrderView,
      tx: Db | Tx = db,
    ): Promise<void> {
      const off = config.mail.orderEmailsOff;
      const shop = await shopDetails(tx);
      const emails: OutgoingEmail[] = [];
      if (!off.has(event.kind)) {
        emails.push(
          event.kind === 'paid'
            ? buildOrderConfirmation(view, shop, config.publicUrl)
            : buildOrderUpdate(event, view, shop, config.publicUrl),
        );
      }
      if (event.kind === 'paid' && !off.has('owner-alert')) {
        emails.push(buildOwnerOrderAlert(view, shop, config.publicUrl, config.mail.orderAlertTo));
      }
      await enqueueAll(emails, tx);
    },

    /** Bought gift cards' e-mails to their recipients, each going out at its `sendAt` (its send date), in one statement. */
    async queueGiftCards(
      cards: { email: GiftCardEmailInput; sendAt: Date }[],
      tx: Db | Tx = db,
    ): Promise<void> {
      await enqueueAll(
        cards.map((c) => ({
          ...giftCardEmail(config.shop, config.publicUrl, c.email),
          nextAttemptAt: c.sendAt,
        })),
        tx,
      );
    },

    /**
     * A bought card's e-mail sent again with its new code (decision 064): the card's outbox row
     * written anew and due now, with a fresh set of attempts. Not one still waiting for its first
     * go, nor one being sent. Answers whether it was queued again.
     */
    async resendGiftCard(input: GiftCardEmailInput, tx: Db | Tx = db): Promise<boolean> {
      const email = giftCardEmail(config.shop, config.publicUrl, input);
      const rows = await tx
        .update(emailOutbox)
        .set({
          to: email.to,
          subject: email.subject,
          text: email.text,
          html: email.html,
          status: 'pending',
          attempts: 0,
          nextAttemptAt: sql`now()`,
          lockedUntil: null,
          lastError: null,
        })
        .where(
          and(
            eq(emailOutbox.dedupeKey, email.dedupeKey),
            inArray(emailOutbox.status, ['sent', 'logged', 'failed']),
          ),
        )
        .returning({ id: emailOutbox.id });
      if (rows.length > 0) {
        if (tx === db) kick();
        else setTimeout(kick, AFTER_COMMIT_MS).unref();
      }
      return rows.length > 0;
    },

    /** The back office's view of the outbox: list, read, resend. */
    outbox: createOutboxAdmin(db, () => kick()),

    deliverDue,

    /** Asks the worker to look now, e.g. right after the transaction that enqueued commits. */
    kick,

    /** Whether the delivery worker is running (GET /api/ready). */
    get running() {
      return timer !== null;
    },

    /** Delivery worker: started by the server, stopped on shutdown. */
    start() {
      if (timer) return;
      timer = setInterval(kick, POLL_MS);
      timer.unref();
      log.info({ mode: mailer.mode }, 'e-mail worker started');
      // Gift-card e-mails delivered before their codes were masked on delivery lose them now.
      scrubDeliveredGiftCardCodes(db)
        .then((n) => n > 0 && log.info({ emails: n }, 'masked the codes of delivered gift-card e-mails'))
        .catch((err) => log.error({ err }, 'could not mask the codes of delivered gift-card e-mails'));
      kick();
    },

    /** Stops polling and waits for a pass in progress, so no e-mail is left half-claimed. */
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
      mailer.close();
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;
