/** Tables owned by src/server/gift-cards/. */
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { GIFT_CARD_MOVEMENTS, GIFT_CARD_STATUSES } from '../../../shared/gift-cards/gift-card-code';
import { createdAt, oneOf } from './columns';
import { orders } from './orders';

/**
 * A gift card: the code itself is never stored, only its SHA-256 (a leaked database hands out no
 * card) and its last 4 characters to show. The balance is the sum of its ledger.
 */
export const giftCards = pgTable(
  'gift_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    codeHash: text('code_hash').notNull().unique(),
    last4: text('last4').notNull(),
    /** What it was issued for, in pence (GBP). */
    initialPennies: integer('initial_pennies').notNull(),
    status: text('status', { enum: GIFT_CARD_STATUSES }).notNull().default('active'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The order that bought it; null when the owner issued it by hand. */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    recipientName: text('recipient_name'),
    recipientEmail: text('recipient_email'),
    message: text('message'),
    /** The London date its e-mail goes out (bought cards). */
    sendOn: date('send_on', { mode: 'string' }),
    /** When its e-mail was queued for the recipient (last time, when resent). */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    issuedBy: text('issued_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('gift_cards_initial_check', sql`${t.initialPennies} > 0`),
    check('gift_cards_status_check', oneOf(t.status, GIFT_CARD_STATUSES)),
    index('gift_cards_order_idx').on(t.orderId).where(sql`${t.orderId} is not null`),
    index('gift_cards_unsent_idx').on(t.sendOn).where(sql`${t.sentAt} is null and ${t.orderId} is not null`),
    index('gift_cards_created_idx').on(t.createdAt.desc()),
  ],
);

/** Every movement of a card's balance (issued, held, released, spent, refunded, adjusted, expired). */
export const giftCardLedger = pgTable(
  'gift_card_ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cardId: uuid('card_id')
      .notNull()
      .references(() => giftCards.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: GIFT_CARD_MOVEMENTS }).notNull(),
    /** Signed pence: what this movement adds to the balance. */
    amountPennies: integer('amount_pennies').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    actorType: text('actor_type', { enum: ['customer', 'admin', 'system'] }).notNull(),
    actorName: text('actor_name').notNull(),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [
    check('gift_card_ledger_kind_check', oneOf(t.kind, GIFT_CARD_MOVEMENTS)),
    check(
      'gift_card_ledger_sign_check',
      sql`(${t.kind} in ('issued','released','refunded') and ${t.amountPennies} > 0) or (${t.kind} in ('held','spent','expired') and ${t.amountPennies} < 0) or (${t.kind} = 'adjusted' and ${t.amountPennies} <> 0)`,
    ),
    index('gift_card_ledger_card_idx').on(t.cardId, t.createdAt),
    index('gift_card_ledger_order_idx').on(t.orderId).where(sql`${t.orderId} is not null`),
  ],
);
