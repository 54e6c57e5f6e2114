import { desc, eq, sql } from 'drizzle-orm';
import {
  GIFT_CARD_MAX_PENNIES,
  GIFT_CARD_REFUSALS,
  type GiftCardMovement,
  type GiftCardStatus,
} from '~/shared/gift-cards/gift-card-code';
import { isUuid } from '~/shared/ids';
import type { Actor } from '~/shared/orders/actor';
import { ADMIN_PAGE_SIZE } from '~/shared/schemas/admin';
import { recordActivity } from '../activity/activity-log';
import { SIGN_IN_LIMIT } from '../auth/auth';
import type { Db } from '../db/client';
import { type Page, pageOffset, toPage } from '../db/paging';
import { giftCardLedger, giftCards } from '../db/schema';
import { badRequest, notFound } from '../errors';
import type { MailService } from '../mail/mail-service';
import type { RateLimiter } from '../rate-limit/rate-limiter';
import type { UpkeepJob } from '../upkeep/upkeep';
import {
  adjustCard,
  balanceOf,
  balancesOf,
  expireDue,
  findByCode,
  issueCard,
  voidCard,
} from './gift-card-ledger';
import {
  type BoughtCardView,
  boughtCardsOf,
  type CardOrders,
  resendBoughtCard,
  resentAt,
  sendAtFor,
} from './gift-card-sales';

/** What the balance page says of a code. */
export type BalanceAnswer =
  | { found: true; last4: string; balance_pennies: number; expires_at: string; status: GiftCardStatus }
  | { found: false; message: string };

export interface GiftCardSummary {
  id: string;
  last4: string;
  initial_pennies: number;
  balance_pennies: number;
  status: GiftCardStatus;
  expires_at: string;
  created_at: string;
  issued_by: string;
  order_id: string | null;
  recipient_name: string | null;
  recipient_email: string | null;
  /** A bought card's e-mail: when it first went (or goes) out, and when its buyer last had it sent again. */
  email_sent_at: string | null;
  email_resent_at: string | null;
}

export interface GiftCardLedgerLine {
  id: string;
  kind: GiftCardMovement;
  amount_pennies: number;
  order_id: string | null;
  by: string;
  reason: string | null;
  at: string;
}

/** The owner's figures: sold, outstanding (a liability), spent, expired. */
export interface GiftCardTotals {
  cards: number;
  sold_pennies: number;
  issued_by_hand_pennies: number;
  outstanding_pennies: number;
  spent_pennies: number;
  expired_pennies: number;
}

/** Balance look-ups one client address may make per minute: as many as sign-in attempts. */
export const BALANCE_LIMIT = SIGN_IN_LIMIT;

const toSummary = (c: typeof giftCards.$inferSelect, balance: number): GiftCardSummary => ({
  id: c.id,
  last4: c.last4,
  initial_pennies: c.initialPennies,
  balance_pennies: balance,
  status: c.status,
  expires_at: c.expiresAt.toISOString(),
  created_at: c.createdAt.toISOString(),
  issued_by: c.issuedBy,
  order_id: c.orderId,
  recipient_name: c.recipientName,
  recipient_email: c.recipientEmail,
  email_sent_at: c.sendOn && c.sentAt ? sendAtFor(c.sendOn, c.createdAt).toISOString() : null,
  email_resent_at: resentAt(c)?.toISOString() ?? null,
});

function parsePennies(raw: unknown, field: string, label: string, allowNegative: boolean): number {
  const text = typeof raw === 'number' ? String(raw / 100) : typeof raw === 'string' ? raw.trim() : '';
  const m = /^(-)?£?(\d{1,4})(?:\.(\d{1,2}))?$/.exec(text);
  const message = `${label} must be an amount in pounds, like 20 or 12.50`;
  if (!m) throw badRequest(message, { [field]: message });
  const pennies = (Number(m[2]) * 100 + Number((m[3] ?? '0').padEnd(2, '0'))) * (m[1] ? -1 : 1);
  if (pennies === 0 || (!allowNegative && pennies < 0)) throw badRequest(message, { [field]: message });
  return pennies;
}

function parseReason(raw: unknown): string {
  const reason = typeof raw === 'string' ? raw.trim() : '';
  if (!reason) throw badRequest('Give a reason', { reason: 'Give a reason' });
  if (reason.length > 200) throw badRequest('Keep the reason under 200 characters', { reason: 'Too long' });
  return reason;
}

/**
 * Gift cards (decision 044): the balance page, and the owner's screen (figures, each card's
 * ledger, issuing by hand, adjusting and voiding with a reason). Spending is checkout's, through
 * the ledger in the order's transaction.
 */
export function createGiftCardsService(
  db: Db,
  rateLimiter: RateLimiter,
  mail: Pick<MailService, 'resendGiftCard'>,
  cardOrders: CardOrders,
) {
  return {
    /** Its background upkeep: cards 24 months old lose what is left on them (decision 044). */
    upkeepJobs(everyMs = 30_000): UpkeepJob[] {
      return [{ name: 'expiring gift cards', everyMs, run: () => this.expireDue() }];
    },

    /**
     * The cards an order bought (none until it is paid), for its buyer (`profileId`) or the
     * owner (null): who each is for and when its e-mail went or goes out (decision 047).
     */
    async bought(profileId: string | null, orderId: string): Promise<BoughtCardView[]> {
      if (!isUuid(orderId)) return [];
      const cards = await boughtCardsOf(db, orderId);
      if (profileId === null || cards.length === 0) return cards;
      return (await cardOrders.isBuyers(db, profileId, orderId)) ? cards : [];
    },

    /** The buyer sends a card's e-mail again, with a new code that replaces the old one (rate limited). */
    resend: (profileId: string, orderId: string, cardId: string) =>
      isUuid(orderId) && isUuid(cardId)
        ? resendBoughtCard(db, mail, rateLimiter, cardOrders, profileId, orderId, cardId)
        : Promise.reject(notFound('Gift card not found')),

    /** The balance page: rate limited per address like sign-in; a wrong code answers as an unknown one. */
    async balance(code: unknown, clientKey: string): Promise<BalanceAnswer> {
      await rateLimiter.hit(
        `gift-card-balance:${clientKey}`,
        BALANCE_LIMIT.max,
        BALANCE_LIMIT.window,
        'Too many tries. Please wait a minute and try again.',
      );
      const card = await findByCode(db, code);
      if (!card || card.status === 'void') return { found: false, message: GIFT_CARD_REFUSALS.invalid };
      const balance =
        card.status === 'active' && card.expiresAt > new Date() ? await balanceOf(db, card.id) : 0;
      return {
        found: true,
        last4: card.last4,
        balance_pennies: balance,
        expires_at: card.expiresAt.toISOString(),
        status: card.expiresAt <= new Date() ? 'expired' : card.status,
      };
    },

    /** The owner issues a card by hand (a replacement, a goodwill gesture): its code is shown once. */
    async issueByHand(input: { amount: unknown; reason: unknown }, actor: Actor) {
      const pennies = parsePennies(input.amount, 'amount', 'Amount', false);
      if (pennies > GIFT_CARD_MAX_PENNIES) {
        throw badRequest('A gift card is for at most £200.00', { amount: 'At most £200.00' });
      }
      const reason = parseReason(input.reason);
      return db.transaction(async (tx) => {
        const { card, code } = await issueCard(tx, { pennies, actor, reason });
        await recordActivity(tx, {
          kind: 'gift-card.issue',
          record: ['gift_card', card.id],
          after: { amount_pennies: pennies, reason },
        });
        return { card: toSummary(card, pennies), code };
      });
    },

    /** The owner adds to (or, with a minus, takes from) a card's balance, with a reason. */
    async adjust(cardId: string, input: { amount: unknown; reason: unknown }, actor: Actor) {
      const pennies = parsePennies(input.amount, 'amount', 'Amount', true);
      const reason = parseReason(input.reason);
      if (!isUuid(cardId)) throw notFound('Gift card not found');
      const card = await db.transaction(async (tx) => {
        const changed = await adjustCard(tx, cardId, pennies, actor, reason);
        if (changed)
          await recordActivity(tx, {
            kind: 'gift-card.adjust',
            record: ['gift_card', cardId],
            after: { amount_pennies: pennies, reason },
          });
        return changed;
      });
      if (!card) throw notFound('Gift card not found');
    },

    async void(cardId: string, input: { reason: unknown }, actor: Actor) {
      const reason = parseReason(input.reason);
      if (!isUuid(cardId)) throw notFound('Gift card not found');
      const card = await db.transaction(async (tx) => {
        const changed = await voidCard(tx, cardId, actor, reason);
        if (changed)
          await recordActivity(tx, {
            kind: 'gift-card.void',
            record: ['gift_card', cardId],
            after: { reason },
          });
        return changed;
      });
      if (!card) throw notFound('Gift card not found');
    },

    /** Cards past their 24 months lose their balance (run by the expiry sweep). */
    expireDue: (now?: Date) => db.transaction((tx) => expireDue(tx, { type: 'system', name: 'System' }, now)),

    async totals(): Promise<GiftCardTotals> {
      const [row] = await db
        .select({
          cards: sql<number>`(select count(*) from ${giftCards})`.mapWith(Number),
          sold: sql<number>`coalesce(sum(case when ${giftCardLedger.kind} = 'issued' and c.order_id is not null then ${giftCardLedger.amountPennies} end), 0)`.mapWith(
            Number,
          ),
          byHand:
            sql<number>`coalesce(sum(case when ${giftCardLedger.kind} = 'issued' and c.order_id is null then ${giftCardLedger.amountPennies} end), 0)`.mapWith(
              Number,
            ),
          outstanding: sql<number>`coalesce(sum(${giftCardLedger.amountPennies}), 0)`.mapWith(Number),
          spent:
            sql<number>`coalesce(-sum(case when ${giftCardLedger.kind} in ('spent', 'refunded') then ${giftCardLedger.amountPennies} end), 0)`.mapWith(
              Number,
            ),
          expired:
            sql<number>`coalesce(-sum(case when ${giftCardLedger.kind} = 'expired' then ${giftCardLedger.amountPennies} end), 0)`.mapWith(
              Number,
            ),
        })
        .from(giftCardLedger)
        .innerJoin(sql`${giftCards} c`, sql`c.id = ${giftCardLedger.cardId}`);
      return {
        cards: row?.cards ?? 0,
        sold_pennies: row?.sold ?? 0,
        issued_by_hand_pennies: row?.byHand ?? 0,
        outstanding_pennies: row?.outstanding ?? 0,
        spent_pennies: row?.spent ?? 0,
        expired_pennies: row?.expired ?? 0,
      };
    },

    /** Cards newest first, a page at a time (the admin lists' shared page), with their balances. */
    async list(page = 1): Promise<Page<GiftCardSummary>> {
      const [{ n } = { n: 0 }] = await db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(giftCards);
      const rows = await db
        .select()
        .from(giftCards)
        .orderBy(desc(giftCards.createdAt), desc(giftCards.id))
        .limit(ADMIN_PAGE_SIZE)
        .offset(pageOffset(page));
      const balances = await balancesOf(
        db,
        rows.map((r) => r.id),
      );
      return toPage(
        rows.map((r) => toSummary(r, balances.get(r.id) ?? 0)),
        page,
        n,
      );
    },

    /** One card and its ledger, oldest movement first. */
    async card(cardId: string): Promise<{ card: GiftCardSummary; ledger: GiftCardLedgerLine[] }> {
      const [row] = isUuid(cardId) ? await db.select().from(giftCards).where(eq(giftCards.id, cardId)) : [];
      if (!row) throw notFound('Gift card not found');
      const lines = await db
        .select()
        .from(giftCardLedger)
        .where(eq(giftCardLedger.cardId, cardId))
        .orderBy(giftCardLedger.createdAt, giftCardLedger.id);
      const balance = lines.reduce((sum, l) => sum + l.amountPennies, 0);
      return {
        card: toSummary(row, balance),
        ledger: lines.map((l) => ({
          id: l.id,
          kind: l.kind,
          amount_pennies: l.amountPennies,
          order_id: l.orderId,
          by: l.actorName,
          reason: l.reason,
          at: l.createdAt.toISOString(),
        })),
      };
    },
  };
}

export type GiftCardsService = ReturnType<typeof createGiftCardsService>;
