import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { BooksPeriod } from '~/shared/books/books';
import type { BoxContents } from '~/shared/boxes/box';
import type { VatRate } from '~/shared/food-information';
import type { GiftCardPurchase } from '~/shared/gift-cards/gift-card-code';
import { isUuid } from '~/shared/ids';
import type { Fulfilment } from '~/shared/orders/fulfilment';
import type { ManualPaymentMethod } from '~/shared/orders/manual-payment';
import type { OrderView } from '~/shared/orders/order-view';
import type { ShipTo } from '~/shared/orders/ship-to';
import { CUSTOMER_CANCELLABLE, ORDER_STATUS_LABELS, type OrderStatus } from '~/shared/orders/statuses';
import type { PricedOrder } from '~/shared/pricing/price-order';
import { mayCancelOrder, STAFF_MAY_NOT_CANCEL_PAID } from '~/shared/staff/back-office-access';
import { recordActivity } from '../activity/activity-log';
import { sqlBuiltOnce } from '../db/built-once';
import type { Db, Tx } from '../db/client';
import { deliveries, orderItems, orderPaymentRequests, orderStatusHistory, orders } from '../db/schema';
import { badRequest, forbidden, notFound } from '../errors';
import { issueBoughtCards } from '../gift-cards/gift-card-sales';
import type { Logger } from '../logger';
import type { MailService } from '../mail/mail-service';
import type { CollectionPoint, OrderUpdateKind } from '../mail/order-updates';
import { NO_COUNTERS, type ShopCounters } from '../metrics/shop-counters';
import type { UpkeepJob } from '../upkeep/upkeep';
import { customerDeleted, type PaymentPage } from './account-deletion';
import { booksCounts, invoicesIn, refundsIn, salesByCustomerIn } from './books-entries';
import type { CardProvider } from './card-provider';
import { cardsBoughtOn } from './cards-bought';
import { creditOnAccount } from './credits-on-account';
import { foldBookings } from './day-bookings';
import { type DayOrder, slipOrder } from './day-orders';
import { createDeliveriesService } from './deliveries-service';
import { openCheckouts } from './open-checkouts';
import { exportOrderRows } from './order-export';
import { listOrdersForAdmin } from './order-list';
import { orderMoney } from './order-money';
import { type EventClaim, type ReceivedPayment, recordPayment } from './order-payments';
import { createRefunds, giftCardPartOf, type RefundInput } from './order-refunds';
import { salesInsights } from './order-sales';
import { orderTotals, spendByCustomer } from './order-stats';
import { type Actor, applyStatus, createdRow, lockOrder, SYSTEM } from './order-status';
import { loadCustomerSummaries } from './order-summaries';
import {
  forCustomer,
  loadGiftCardRefunds,
  loadOrderDetail,
  loadOrderView,
  loadOrderViews,
} from './order-views';
import { type DayAtPayment, flagDayProblems } from './over-capacity';
import { foldSales } from './sales-ledger';
import { shipToValues } from './ship-to-columns';

/** What checkout hands over to place an order: priced by the server, never by the browser. */
export interface NewOrder {
  profileId: string;
  /** Where it goes: the customer's address, who collects, or a gift's recipient with its message. */
  ship: ShipTo;
  lines: {
    productId: string | null;
    name: string;
    unitPricePennies: number;
    quantity: number;
    vatRate: VatRate;
    /** What is in each box (decision 042); absent or null for loose cookies. */
    box?: BoxContents | null;
    /** Cookies baked per unit (a box's size); 1 when absent. */
    cookiesEach?: number;
    /** A gift card bought (decision 047): issued once the order is paid. */
    giftCard?: GiftCardPurchase | null;
  }[];
  fulfilment: Fulfilment;
  /** The code whose use this order holds, as the customer gave it. */
  discountCode: { id: string; code: string } | null;
  /** `priceOrder` of the lines, code and settings: stored as it is, never recomputed. */
  priced: PricedOrder;
  /** What gift cards pay of the total (held by the caller, decision 044). */
  giftCardPennies?: number;
  provider: 'test' | 'stripe';
  /** When its payment page will stop taking payment; null for an order on account (decision 085). */
  paymentExpiresAt: Date | null;
  /** Placed on account (decision 085): baked before it is paid. */
  onAccount?: boolean;
  /** The delivery day checkout reserved for it ('YYYY-MM-DD'). */
  deliveryDate: string | null;
  /** A collection's time slot checkout reserved (decision 084); absent or null = none. */
  collectionSlot?: { from: string; to: string } | null;
  /** Known when placed: a Cookie Club box's own payment reference (a saved card is charged, no page). */
  paymentSessionId?: string | null;
  /** The delivery zone the server found for the address; absent for collection. */
  zone?: { id: string; name: string; method: 'van' | 'post'; transitDays: string | null } | null;
}

/** Status changes that send the customer an e-mail. */
const EMAIL_ON: Partial<Record<OrderStatus, OrderUpdateKind>> = {
  baking: 'baking',
  shipped: 'shipped',
  completed: 'delivered',
  cancelled: 'cancelled',
};

const SWEEP_BATCH = 100;

/** What shipping one parcel with its tracking code did, or why it was refused. */
export type ShipOutcome = 'shipped' | 'already' | { refused: string };

/** Why a payment for an order of a deleted account is refunded (history note and refund reason). */
export const PAID_AFTER_DELETION = 'Paid after the customer deleted their account: refunded';

/** An order's line as `order_items` keeps it (a box's contents and a gift card's details if any). */
const lineRow = (orderId: string, l: NewOrder['lines'][number]) => ({
  orderId,
  productId: l.productId,
  productName: l.name,
  quantity: l.quantity,
  unitPricePennies: l.unitPricePennies,
  vatRate: l.vatRate,
  boxContents: l.box ?? null,
  cookiesEach: l.cookiesEach ?? 1,
  giftCard: l.giftCard ?? null,
});

/** Each value of a row as a placeholder named `prefix` + its key. */
const placeholders = (row: Record<string, unknown>, prefix: string) =>
  Object.fromEntries(Object.keys(row).map((k) => [k, sql.placeholder(`${prefix}${k}`)]));

/** The values of `place`'s statement for its placeholders. */
function placeValues(
  order: Record<string, unknown>,
  lines: Record<string, unknown>[],
  history: Record<string, unknown>,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(order)) values[`o_${k}`] = v;
  lines.forEach((line, i) => {
    for (const [k, v] of Object.entries(line)) values[`l${i}_${k}`] = v;
  });
  for (const [k, v] of Object.entries(history)) values[`h_${k}`] = v;
  return values;
}

/**
 * The order, its lines and its first history row in one statement (three inserts as one round
 * trip; the foreign keys are checked at the statement's end), built once per number of lines (a
 * basket rarely has more than a few).
 */
const placeStatements = new Map<number, ReturnType<typeof sqlBuiltOnce>>();
function placing(
  order: typeof orders.$inferInsert,
  lines: (typeof orderItems.$inferInsert)[],
  history: typeof orderStatusHistory.$inferInsert,
) {
  let statement = placeStatements.get(lines.length);
  if (!statement) {
    // `place` writes the same keys every time (its rows are written out in full, nulls included):
    // the first order's keys are every order's.
    statement = sqlBuiltOnce(`place_order_${lines.length}`, (tx) => {
      const placed = tx.insert(orders).values(placeholders(order, 'o_') as unknown as typeof order);
      const items = tx
        .insert(orderItems)
        .values(lines.map((line, i) => placeholders(line, `l${i}_`) as unknown as typeof line));
      const first = tx
        .insert(orderStatusHistory)
        .values(placeholders(history, 'h_') as unknown as typeof history);
      return sql`with placed as (${placed.getSQL()}), lines as (${items.getSQL()}) ${first.getSQL()}`;
    });
    placeStatements.set(lines.length, statement);
  }
  return statement;
}

/**
 * The orders domain: the only module that reads or writes orders, their lines, history,
 * payments, refunds and deliveries. Every status change goes through `applyStatus`.
 */
export function createOrdersService(
  db: Db,
  mail: MailService,
  provider: CardProvider,
  log: Logger,
  /** Where and when customers collect (the shop's settings), for the "Ready to collect" e-mail. */
  collectionPoint: (exec: Db | Tx) => Promise<CollectionPoint>,
  /** How the order's bake day stands when it is paid (the bake-days module's `dayAtPayment`). */
  dayAtPayment: DayAtPayment,
  counters: ShopCounters = NO_COUNTERS,
) {
  const paidInFullHooks: ((tx: Tx, orderId: string) => Promise<void>)[] = [];
  // Paying looks its order up twice (the click and its double) before any transaction: built
  // once and prepared by name, so neither drizzle nor PostgreSQL works the statement out again
  // (decision 023: ~55 µs of Node and ~30 µs of PostgreSQL CPU a time). The part payment this
  // session is the page of (decision 088), if any, comes in the same statement.
  const paymentBySession = db
    .select({
      id: orders.id,
      provider: orders.paymentProvider,
      status: orders.status,
      paidAt: orders.paidAt,
      expiresAt: orders.paymentExpiresAt,
      // The card pays what gift cards do not (decision 044).
      totalPennies: sql<number>`${orders.totalPennies} - ${orders.giftCardPennies}`.mapWith(Number),
      asked: {
        id: orderPaymentRequests.id,
        amountPennies: orderPaymentRequests.amountPennies,
        returnPath: orderPaymentRequests.returnPath,
        expiresAt: orderPaymentRequests.expiresAt,
        paidAt: orderPaymentRequests.paidAt,
      },
    })
    .from(orders)
    .leftJoin(orderPaymentRequests, eq(orderPaymentRequests.sessionId, sql.placeholder('sessionId')))
    .where(eq(orders.paymentSessionId, sql.placeholder('sessionId')))
    .limit(1)
    .prepare('payment_and_request_by_session');

  // Every checkout stores its payment page: built once (its time given, not drizzle's `$onUpdate`,
  // which a statement built once would fix at the first).
  const attachSession = db
    .update(orders)
    .set({
      paymentSessionId: sql.placeholder('sessionId') as unknown as string,
      paymentUrl: sql.placeholder('url') as unknown as string,
      updatedAt: sql.placeholder('updatedAt') as unknown as Date,
    })
    .where(
      and(eq(orders.id, sql.placeholder('orderId') as unknown as string), isNull(orders.paymentSessionId)),
    )
    .returning({ id: orders.id })
    .prepare('attach_payment_session');

  // E-mails read neither history nor refunds: the list-shaped view spares two queries in every
  // paying and status-changing transaction.
  async function notify(tx: Tx, orderId: string, event: Parameters<MailService['queueOrderEmail']>[0]) {
    const view = await loadOrderView(tx, orderId);
    if (!view) return;
    await mail.queueOrderEmail(event, view, tx);
    // Delivered or collected: the buyer is asked, once, to review the cookies.
    if (event.kind === 'delivered' && view.items.some((i) => i.product_id !== null)) {
      await mail.queueOrderEmail({ kind: 'review-invite' }, view, tx);
    }
  }

  /** A collection that is ready: the customer is told where and when to collect it. */
  async function notifyReady(tx: Tx, orderId: string) {
    const view = await loadOrderView(tx, orderId);
    if (view?.fulfilment !== 'collection') return;
    await mail.queueOrderEmail({ kind: 'ready-to-collect', collection: await collectionPoint(tx) }, view, tx);
  }

  const refunds = createRefunds(db, provider, async (tx, refund) => {
    const toGiftCards = await giftCardPartOf(tx, refund);
    await notify(tx, refund.orderId, {
      kind: 'refunded',
      refund: {
        id: refund.id,
        amount_pennies: toGiftCards + (refund.provider === 'gift_card' ? 0 : refund.amountPennies),
        gift_card_pennies: toGiftCards,
        gift_cards: toGiftCards > 0 ? await loadGiftCardRefunds(tx, refund.orderId) : [],
      },
    });
    counters.orderRefunded(refund.amountPennies);
  });

  /**
   * An order of gift cards only is done once they are issued (decision 047): nothing to bake or
   * deliver, the e-mails go out on their dates. An order with cookies goes on as usual.
   */
  async function completeGiftCardOrder(tx: Tx, orderId: string) {
    const [cookies] = await tx
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(orderItems)
      .where(and(eq(orderItems.orderId, orderId), isNull(orderItems.giftCard)));
    if ((cookies?.n ?? 0) > 0) return;
    const order = await lockOrder(tx, orderId);
    if (order?.status === 'paid') {
      await applyStatus(tx, order, 'completed', SYSTEM, 'Gift cards issued: each goes by e-mail on its date');
    }
  }

  /** Moves an order to a status under its lock, with history and the customer's e-mail. */
  async function transition(
    tx: Tx,
    orderId: string,
    to: OrderStatus,
    actor: Actor,
    note: string | null = null,
    /** The customer cancelled it on their order page: told even when unpaid, as the owner's cancel is. */
    tellUnpaidCancel = actor.type === 'admin',
  ) {
    const order = await lockOrder(tx, orderId);
    if (!order) throw notFound('Order not found');
    const changed = await applyStatus(tx, order, to, actor, note);
    const kind = EMAIL_ON[to];
    // An unpaid order that expires or is given up needs no e-mail: nothing was taken.
    if (!changed || !kind || (to === 'cancelled' && !order.paidAt && !tellUnpaidCancel)) {
      return { order, changed };
    }
    // A collection is not shipped: "Shipped" tells its customer where and when to collect (one
    // e-mail, however it became ready: this or the delivery's "Ready to collect").
    if (kind === 'shipped' && order.fulfilment === 'collection') await notifyReady(tx, orderId);
    else await notify(tx, orderId, { kind });
    return { order, changed };
  }

  async function cancelPaymentPage(order: { paymentSessionId: string | null; paymentProvider: string }) {
    if (!order.paymentSessionId || order.paymentProvider !== provider.name) return;
    await provider.expireSession(order.paymentSessionId).catch((err) => {
      log.warn({ err, sessionId: order.paymentSessionId }, 'could not close a payment page');
    });
  }

  return {
    /** Writes a pending order, its lines and its first history row, in the caller's transaction. */
    async place(tx: Tx, o: NewOrder, actor: Actor): Promise<{ orderId: string; totalPennies: number }> {
      const p = o.priced;
      // The id is made here so the order, its lines and its first history row go in one statement
      // (three inserts as one round trip); the foreign keys are checked at the statement's end.
      const orderId = randomUUID();
      const order: typeof orders.$inferInsert = {
        id: orderId,
        profileId: o.profileId,
        status: 'pending',
        subtotalPennies: p.subtotalPennies,
        discountPennies: p.discountPennies,
        deliveryFeePennies: p.deliveryPennies,
        deliveryWaivedPennies: p.deliveryWaivedPennies,
        totalPennies: p.totalPennies,
        giftCardPennies: o.giftCardPennies ?? 0,
        fulfilment: o.fulfilment,
        discountCodeId: o.discountCode?.id ?? null,
        discountCode: o.discountCode?.code ?? null,
        ...shipToValues(o.ship),
        paymentProvider: o.provider,
        paymentExpiresAt: o.paymentExpiresAt,
        onAccount: o.onAccount ?? false,
        deliveryDate: o.deliveryDate,
        collectionSlotFrom: o.collectionSlot?.from ?? null,
        collectionSlotTo: o.collectionSlot?.to ?? null,
        paymentSessionId: o.paymentSessionId ?? null,
        deliveryZoneId: o.zone?.id ?? null,
        deliveryZoneName: o.zone?.name ?? null,
        deliveryMethod: o.zone?.method ?? null,
        deliveryTransitDays: o.zone?.transitDays ?? null,
      };
      const lines: (typeof orderItems.$inferInsert)[] = o.lines.map((l) => lineRow(orderId, l));
      const history = createdRow(orderId, actor);
      await placing(order, lines, history)(tx, placeValues(order, lines, history));
      return { orderId, totalPennies: p.totalPennies };
    },

    /**
     * New lines for a pending order on account (its quantities changed before the cut-off), in the
     * caller's transaction: the old lines go first (the triggers take them off the day's bookings),
     * then `check` runs (the day's capacity, counted without them), then the new lines and total.
     */
    async replaceLines(
      tx: Tx,
      orderId: string,
      lines: NewOrder['lines'],
      totalPennies: number,
      check: () => Promise<void>,
    ): Promise<void> {
      await tx.delete(orderItems).where(eq(orderItems.orderId, orderId));
      await check();
      await tx.insert(orderItems).values(lines.map((l) => lineRow(orderId, l)));
      await tx
        .update(orders)
        .set({ subtotalPennies: totalPennies, totalPennies, updatedAt: new Date() })
        .where(and(eq(orders.id, orderId), eq(orders.onAccount, true)));
    },

    /**
     * Remembers the payment page opened for a pending order, unless one already is: two tabs that
     * opened a page for the same order at once both get the first (the other is never used).
     */
    async attachPaymentSession(
      orderId: string,
      session: { sessionId: string; url: string },
    ): Promise<{ sessionId: string; url: string }> {
      const [attached] = await attachSession.execute({
        orderId,
        sessionId: session.sessionId,
        url: session.url,
        updatedAt: new Date(),
      });
      if (attached) return session;
      const [row] = await db
        .select({ sessionId: orders.paymentSessionId, url: orders.paymentUrl })
        .from(orders)
        .where(eq(orders.id, orderId));
      return row?.sessionId && row.url ? { sessionId: row.sessionId, url: row.url } : session;
    },

    /** The customer's orders waiting for payment, locked (checkout compares a new one with them). */
    openCheckouts,

    /**
     * Cancel on the payment page: the customer's own pending order is cancelled and frees what it
     * held. A paid order stays paid; anyone else's order is "not found".
     */
    async cancelCheckout(
      userId: string,
      orderId: string,
      actor: Actor,
    ): Promise<{ outcome: 'cancelled' | 'paid' | 'closed'; sessionId: string | null }> {
      if (!isUuid(orderId)) throw notFound('Order not found');
      const { outcome, row } = await db.transaction(async (tx) => {
        const row = await lockOrder(tx, orderId);
        if (!row || row.profileId !== userId) throw notFound('Order not found');
        if (row.paidAt) return { outcome: 'paid' as const, row };
        if (row.status !== 'pending') return { outcome: 'closed' as const, row };
        await transition(tx, orderId, 'cancelled', actor, 'Payment cancelled on the payment page');
        return { outcome: 'cancelled' as const, row };
      });
      if (outcome === 'cancelled') await cancelPaymentPage(row);
      return { outcome, sessionId: row.paymentSessionId };
    },

    /** Whether the customer's own order is paid yet (the basket asks); anyone else's is "not found". */
    async checkoutState(userId: string, orderId: string): Promise<'pending' | 'paid' | 'cancelled'> {
      const [row] = isUuid(orderId)
        ? await db
            .select({ profileId: orders.profileId, status: orders.status, paidAt: orders.paidAt })
            .from(orders)
            .where(eq(orders.id, orderId))
        : [];
      if (!row || row.profileId !== userId) throw notFound('Order not found');
      // Paid, or taken on by the owner (e.g. paid on collection): the basket is bought either way.
      if (row.paidAt || (row.status !== 'pending' && row.status !== 'cancelled')) return 'paid';
      return row.status;
    },

    /**
     * Records money taken (inside the payments module's transaction) and sends the paid e-mails.
     * `refundDue`: the order's customer has deleted their account, so the order stays cancelled,
     * nobody is e-mailed, and the caller refunds it (`refundUnwanted`) once this has committed.
     * `claim`: the provider's event id, claimed in the statement that locks the order, so a repeat
     * is 'duplicate_event' at its first statement.
     */
    async recordPayment(tx: Tx, payment: ReceivedPayment, claim?: EventClaim) {
      const result = await recordPayment(tx, payment, claim);
      if (
        result.paidOrder &&
        result.outcome === 'paid_after_cancellation' &&
        (await customerDeleted(tx, result.paidOrder.id))
      ) {
        const order = (await lockOrder(tx, result.paidOrder.id))!;
        await applyStatus(tx, order, 'cancelled', SYSTEM, PAID_AFTER_DELETION);
        log.warn({ orderId: order.id }, 'payment for an order of a deleted account: refunding it');
        return { ...result, refundDue: true };
      }
      // A job's deposit confirms its order (decision 088): the same e-mails as any paid order,
      // which say what has been paid of it.
      if (result.paidOrder && (result.outcome.startsWith('paid') || result.outcome === 'part_paid')) {
        const flagged = await flagDayProblems(tx, result.paidOrder, dayAtPayment);
        if (flagged.length > 0)
          log.warn({ orderId: result.orderId, flagged }, 'paid order flagged for its day');
        await notify(tx, result.paidOrder.id, { kind: 'paid' });
        // Gift cards bought on it are issued now, once, their e-mails queued for their dates.
        if (result.paidOrder.buysGiftCards) {
          const issued = await issueBoughtCards(tx, mail, await cardsBoughtOn(tx, result.paidOrder.id));
          if (issued > 0) await completeGiftCardOrder(tx, result.paidOrder.id);
        }
        counters.orderPaid();
      }
      // An order already moved on, paid in full now (a job's balance, a trade invoice paid by
      // card): its owner hears, and its customer is told it is paid in full.
      if (result.outcome === 'paid_in_full' && result.orderId) {
        for (const hook of paidInFullHooks) await hook(tx, result.orderId);
        await notify(tx, result.orderId, { kind: 'paid-in-full' });
      }
      return { ...result, refundDue: false };
    },

    /**
     * Another domain's step in the transaction that pays in full an order already moved on (the
     * trade invoice of a delivered order, paid by card): registered once, when the shop starts.
     */
    whenPaidInFull(hook: (tx: Tx, orderId: string) => Promise<void>) {
      paidInFullHooks.push(hook);
    },

    /**
     * Money a trade customer paid on account against an invoice (decision 085): the order's
     * payment, recorded once per invoice (`reference`), so revenue and the books count it on the
     * day it came in. No order e-mails: the order was confirmed and delivered long before.
     */
    /** A trade credit note taken off what its order asks, or paid back (decision 091). */
    creditOnAccount,

    async recordOnAccountPayment(
      tx: Tx,
      p: { orderId: string; reference: string; pennies: number; method: ManualPaymentMethod; actor: Actor },
    ) {
      const result = await recordPayment(tx, {
        provider: 'manual',
        eventId: p.reference,
        sessionId: p.reference,
        orderId: p.orderId,
        amount: { pennies: p.pennies, currency: 'gbp' },
        manual: { method: p.method, actor: p.actor },
      });
      if (result.paidOrder) counters.orderPaid();
      return result.outcome;
    },

    /**
     * Gives back in full, through the provider, a payment nobody should have made (see
     * `recordPayment`'s `refundDue`). A refusal is logged and left to the owner: the order is
     * flagged "Paid after cancellation" and can be refunded from its page.
     */
    async refundUnwanted(orderId: string): Promise<void> {
      try {
        await refunds.refund(
          orderId,
          { amountPennies: null, reason: PAID_AFTER_DELETION, requestKey: `unwanted:${orderId}` },
          SYSTEM,
        );
      } catch (err) {
        log.error({ err, orderId }, 'could not refund a payment for an order of a deleted account');
      }
    },

    /** Closes the payment pages of orders cancelled in a transaction that has committed (best effort). */
    async closePaymentPages(pages: PaymentPage[]): Promise<void> {
      for (const page of pages) await cancelPaymentPage(page);
    },

    /** Stripe says a payment page expired: its unpaid order is cancelled (a repeat changes nothing). */
    async expireSession(sessionId: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ id: orders.id })
          .from(orders)
          .where(eq(orders.paymentSessionId, sessionId));
        if (!row) return false;
        const order = await lockOrder(tx, row.id);
        if (order?.status !== 'pending' || order.paidAt) return false;
        return (await transition(tx, row.id, 'cancelled', SYSTEM, 'Payment page expired')).changed;
      });
    },

    /**
     * Cancels pending orders whose payment page has closed. Safe on several instances at once:
     * each claims different rows (skip locked) and only pending, unpaid orders move.
     */
    async sweepExpired(now = new Date()): Promise<number> {
      let cancelled = 0;
      for (;;) {
        const moved = await db.transaction(async (tx) => {
          const due = await tx
            .select()
            .from(orders)
            .where(
              and(
                eq(orders.status, 'pending'),
                lt(orders.paymentExpiresAt, now),
                sql`${orders.paidAt} is null`,
              ),
            )
            .limit(SWEEP_BATCH)
            .for('update', { skipLocked: true });
          for (const order of due) await applyStatus(tx, order, 'cancelled', SYSTEM, 'Payment page expired');
          return due.length;
        });
        cancelled += moved;
        if (moved < SWEEP_BATCH) break;
      }
      if (cancelled > 0) log.info({ cancelled }, 'cancelled orders whose payment page expired');
      return cancelled;
    },

    /**
     * A customer cancels their own order: while pending, or paid and not yet baking (a paid order
     * is then refunded in full). Anyone else's order is "not found".
     */
    async cancelByCustomer(userId: string, orderId: string, actor: Actor): Promise<OrderView> {
      if (!isUuid(orderId)) throw notFound('Order not found');
      const order = await db.transaction(async (tx) => {
        const row = await lockOrder(tx, orderId);
        if (!row || row.profileId !== userId) throw notFound('Order not found');
        if (!CUSTOMER_CANCELLABLE.includes(row.status)) {
          throw badRequest(
            row.status === 'cancelled'
              ? 'This order is already cancelled.'
              : `This order is ${ORDER_STATUS_LABELS[row.status].toLowerCase()}, so it can no longer be cancelled: our cookies are baked to order.`,
          );
        }
        await transition(tx, orderId, 'cancelled', actor, 'Cancelled by the customer', true);
        return row;
      });
      if (order.paidAt) {
        await refunds.refund(
          orderId,
          { amountPennies: null, reason: 'Order cancelled by the customer', requestKey: `cancel:${orderId}` },
          actor,
        );
      } else {
        await cancelPaymentPage(order);
      }
      return forCustomer((await loadOrderDetail(db, orderId))!);
    },

    /**
     * Bake days' "Start baking": the given orders that are still paid move to baking in one
     * transaction, each with its history row and its one baking e-mail. Answers how many moved.
     */
    async startBaking(orderIds: string[], actor: Actor): Promise<number> {
      return db.transaction(async (tx) => {
        let moved = 0;
        for (const id of orderIds) {
          const order = await lockOrder(tx, id);
          if (order?.status !== 'paid') continue;
          if ((await transition(tx, id, 'baking', actor)).changed) moved++;
        }
        return moved;
      });
    },

    /**
     * Posted parcels leave with their tracking codes (the dispatch list's upload): in
     * ONE transaction, every order is locked and checked first; if any cannot be shipped (not
     * paid or baking, not a delivery) nothing changes and each is answered. Otherwise each gets
     * its tracking code and moves to shipped through `transition` (history row and the shipped
     * e-mail, once per order by its dedupe key). An order already shipped or completed keeps its
     * code and its first e-mail: answered `already`, so a file uploaded twice changes nothing.
     */
    async shipWithTracking(
      parcels: { orderId: string; trackingCode: string }[],
      actor: Actor,
    ): Promise<Map<string, ShipOutcome>> {
      return db.transaction(async (tx) => {
        const outcomes = new Map<string, ShipOutcome>();
        // Locked in id order, so two uploads sharing orders queue instead of deadlocking.
        const sorted = [...parcels].sort((a, b) => a.orderId.localeCompare(b.orderId));
        for (const p of sorted) {
          const order = await lockOrder(tx, p.orderId);
          if (!order) outcomes.set(p.orderId, { refused: 'Order not found' });
          else if (order.status === 'shipped' || order.status === 'completed')
            outcomes.set(p.orderId, 'already');
          else if (order.fulfilment !== 'delivery' || (order.status !== 'paid' && order.status !== 'baking'))
            outcomes.set(p.orderId, { refused: `It is ${ORDER_STATUS_LABELS[order.status].toLowerCase()}` });
          else outcomes.set(p.orderId, 'shipped');
        }
        if ([...outcomes.values()].some((o) => typeof o === 'object')) return outcomes;
        for (const p of sorted) {
          if (outcomes.get(p.orderId) !== 'shipped') continue;
          // The code first: the shipped e-mail reads it.
          const [before] = await tx
            .select({ trackingCode: deliveries.trackingCode })
            .from(deliveries)
            .where(eq(deliveries.orderId, p.orderId));
          await tx
            .update(deliveries)
            .set({ trackingCode: p.trackingCode })
            .where(eq(deliveries.orderId, p.orderId));
          await recordActivity(tx, {
            kind: 'order.tracking',
            record: ['order', p.orderId],
            before: before ?? null,
            after: { trackingCode: p.trackingCode },
          });
          await transition(tx, p.orderId, 'shipped', actor, `Posted: tracking ${p.trackingCode}`);
        }
        return outcomes;
      });
    },

    /**
     * The admin sets any status from any other (docs/rules/orders.md); the change is recorded and e-mailed.
     * Paid only follows recorded money (docs/decisions/032): an unpaid order is "Marked as paid".
     */
    async setStatus(orderId: string, status: OrderStatus, actor: Actor, note: string | null = null) {
      if (!isUuid(orderId)) throw notFound('Order not found');
      await db.transaction(async (tx) => {
        if (status === 'cancelled' && actor.role) {
          const order = await lockOrder(tx, orderId);
          // Paid means money taken: a made-to-order job's deposit alone is refunded by cancelling too.
          const taken = order && (order.paidAt !== null || (await orderMoney(tx, orderId)).paid > 0);
          if (order && order.status !== 'cancelled' && !mayCancelOrder(actor.role, !!taken)) {
            throw forbidden(STAFF_MAY_NOT_CANCEL_PAID);
          }
        }
        if (status === 'paid') {
          const order = await lockOrder(tx, orderId);
          if (order && !order.paidAt && order.status !== 'paid') {
            throw badRequest(
              'No payment is recorded for this order: use “Mark as paid” to record the money taken.',
              { status: 'Use “Mark as paid”' },
            );
          }
        }
        return transition(tx, orderId, status, actor, note);
      });
      return (await loadOrderDetail(db, orderId))!;
    },

    async refund(orderId: string, input: RefundInput, actor: Actor) {
      if (!isUuid(orderId)) throw notFound('Order not found');
      await refunds.refund(orderId, input, actor);
      return (await loadOrderDetail(db, orderId))!;
    },

    reconcileProviderRefunds: refunds.reconcileProviderTotal,

    listForAdmin: (query: unknown) => listOrdersForAdmin(db, query),
    /** The orders the filters select as CSV rows, a batch at a time (see order-export.ts). */
    exportCsvRows: (query: unknown) => exportOrderRows(db, query),
    /** The books' reads (decisions 087, 092): money taken, and refunds made, in a period. */
    books: {
      counts: (period: BooksPeriod) => booksCounts(db, period),
      invoices: (period: BooksPeriod, page: { offset: number; limit: number }) =>
        invoicesIn(db, period, page),
      refunds: (period: BooksPeriod, page: { offset: number; limit: number }) => refundsIn(db, period, page),
      salesByCustomer: (period: BooksPeriod) => salesByCustomerIn(db, period),
    },
    totals: (zone?: string) => orderTotals(db, zone),
    /** Revenue and orders per day and week, and the best sellers (order-sales.ts); of one zone if given. */
    sales: (now?: Date, zone?: string) => salesInsights(db, now, zone),
    spendByCustomer: (profileIds: string[]) => spendByCustomer(db, profileIds),
    deliveries: createDeliveriesService(db, {
      delivered: (tx, orderId) => notify(tx, orderId, { kind: 'delivered' }),
      ready: notifyReady,
    }),

    /** The customer's own orders, newest first. Only ever pass the session's user id. */
    async listForCustomer(userId: string): Promise<OrderView[]> {
      const views = await loadOrderViews(db, eq(orders.profileId, userId), (q) =>
        q.orderBy(sql`${orders.createdAt} desc`, sql`${orders.id} desc`),
      );
      return views.map(forCustomer);
    },

    /** The customer's own orders as /account lists them (order-summaries.ts), newest first. Only the session's user id. */
    listSummariesForCustomer: (userId: string) => loadCustomerSummaries(db, userId),

    /** One of the customer's own orders; anyone else's is "not found". */
    async getForCustomer(userId: string, orderId: string): Promise<OrderView> {
      const view = isUuid(orderId) ? await loadOrderDetail(db, orderId) : null;
      if (!view || view.customer.id !== userId) throw notFound('Order not found');
      return forCustomer(view);
    },

    /** Any order, for the back office. */
    /** One order as its packing slip prints it, with its cookies' food information. */
    async packingSlip(orderId: string): Promise<DayOrder> {
      const order = isUuid(orderId) ? await slipOrder(db, orderId) : null;
      if (!order) throw notFound('Order not found');
      return order;
    },

    async getForAdmin(orderId: string): Promise<OrderView> {
      const view = isUuid(orderId) ? await loadOrderDetail(db, orderId) : null;
      if (!view) throw notFound('Order not found');
      return view;
    },

    /** The order behind a payment session (the success page), for its owner only. */
    async getBySession(userId: string, sessionId: string): Promise<OrderView | null> {
      if (!sessionId || sessionId.length > 255) return null;
      const [view] = await loadOrderViews(db, eq(orders.paymentSessionId, sessionId));
      return view && view.customer.id === userId ? forCustomer(view) : null;
    },

    /**
     * What paying a session needs of its order (one narrow query, no lines), with the part payment
     * the session is the page of (`asked`, null for the order's own page): null when there is none.
     */
    async getPaymentBySessionId(sessionId: string) {
      if (!sessionId || sessionId.length > 255) return null;
      const [row] = await paymentBySession.execute({ sessionId });
      return row ?? null;
    },

    /** The order behind a payment session, whoever it belongs to (payments use this). */
    async getBySessionId(sessionId: string): Promise<OrderView | null> {
      if (!sessionId || sessionId.length > 255) return null;
      const [view] = await loadOrderViews(db, eq(orders.paymentSessionId, sessionId));
      return view ?? null;
    },

    /**
     * Its background upkeep: the expiry sweep, and the folds of the day's sales changes (decision
     * 018), so the owner's first dashboard after a busy spell does not wait for them, and of the
     * days' bookings (decision 057), so checkout reads few rows a day.
     */
    upkeepJobs(everyMs = 30_000): UpkeepJob[] {
      return [
        { name: 'expiry sweep', everyMs, run: () => this.sweepExpired() },
        { name: 'folding sales changes', everyMs, run: () => foldSales(db) },
        { name: 'folding day bookings', everyMs, run: () => foldBookings(db) },
      ];
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
export type { Actor } from './order-status';
