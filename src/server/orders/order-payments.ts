import { and, eq, getTableColumns, isNull, or, type SQL, sql } from 'drizzle-orm';
import { formatPence } from '~/shared/money/money';
import type { Fulfilment } from '~/shared/orders/fulfilment';
import type { ManualPaymentMethod } from '~/shared/orders/manual-payment';
import { paidStateText } from '~/shared/orders/paid-state';
import type { OrderFlag } from '~/shared/orders/statuses';
import { recordActivity } from '../activity/activity-log';
import { builtOnce } from '../db/built-once';
import type { Db, Tx } from '../db/client';
import { deliveries, orderItems, orderPaymentRequests, orderPayments, orders, refunds } from '../db/schema';
import { badRequest } from '../errors';
import { releaseForOrder, spendForOrder } from '../gift-cards/gift-card-ledger';
import { paidSum, stillOwed, thisOrder } from './order-money';
import { type Actor, applyStatus, type OrderRow, SYSTEM } from './order-status';

/**
 * A provider's word that money was taken for a payment session, or the owner's "Mark as paid"
 * (`manual`: its session id is the form's request key, so a double click is one payment).
 */
export interface ReceivedPayment {
  provider: 'test' | 'stripe' | 'manual' | 'gift_card';
  eventId: string;
  sessionId: string;
  /** Our order id as the provider recorded it; without it the order is found by session id. */
  orderId?: string | null;
  paymentIntentId?: string | null;
  /** What was charged; null when the provider does not say (the test page charges the total). */
  amount: { pennies: number; currency: string } | null;
  /** A payment taken by hand: how, and who recorded it (`provider: 'manual'` only). */
  manual?: { method: ManualPaymentMethod; actor: Actor } | null;
}

export type PaymentOutcome =
  | 'paid'
  | 'paid_after_cancellation'
  | 'paid_unexpectedly'
  | 'already_paid'
  | 'amount_mismatch'
  | 'unknown_order'
  /** An amount asked for on the order (a deposit, decision 088) was taken; more is owed. */
  | 'part_paid'
  /** The last amount owed on an order already under way (a balance) was taken. */
  | 'paid_in_full';

const withFlag = (order: OrderRow, flag: OrderFlag) =>
  order.flags.includes(flag) ? order.flags : [...order.flags, flag];

/** The order the payment is for, and whether it buys gift cards (issued once it is paid). */
type FoundOrder = OrderRow & { buysGiftCards: boolean };

/**
 * A provider's event id claimed in the statement that locks its order (decision 058): the
 * payments module's `insert ... on conflict do nothing returning id`, of fixed shape (its values
 * are placeholders, none named `orderId` or `sessionId`), with the values of this event.
 */
export interface EventClaim {
  statement: SQL;
  values: Record<string, unknown>;
}

const buysGiftCardsSql = sql<boolean>`exists (
  select 1 from ${orderItems} i where i.order_id = ${thisOrder} and i.gift_card is not null
)`;

/** The order of the payment's id (`orderId`) whose page this session (`sessionId`) is, or has been. */
const ofOrderAndSession = (orderId: unknown, sessionId: unknown) =>
  and(
    eq(orders.id, orderId as string),
    or(
      isNull(orders.paymentSessionId),
      eq(orders.paymentSessionId, sessionId as string),
      // An earlier part payment's page, paid after a newer one was opened.
      sql`exists (select 1 from ${orderPaymentRequests} r where r.order_id = ${thisOrder} and r.session_id = ${sessionId})`,
    ),
  );

const lockedSelect = (tx: Db | Tx, which: SQL | undefined) =>
  tx
    .select({ ...getTableColumns(orders), buysGiftCards: buysGiftCardsSql.as('buys_gift_cards') })
    .from(orders)
    .where(which)
    .limit(1)
    .for('update');

/** The claim and the locking select as one statement: no row = the event was claimed before. */
const claimedSelect = (tx: Db | Tx, claim: SQL, which: SQL | undefined) => {
  const claimed = tx.$with('claim', { id: sql<string>`id` }).as(claim);
  const order = lockedSelect(tx, which).as('locked');
  return tx
    .with(claimed)
    .select({ claimed: sql<string>`${claimed}.id`, order: order._.selectedFields })
    .from(claimed)
    .leftJoinLateral(order, sql`true`);
};

/**
 * Every provider's confirmation sends the claim and lock: built once per claim statement, by
 * order id (with its session) and by session alone.
 */
function claimedLookups(claim: SQL) {
  const orderId = sql.placeholder('orderId');
  const sessionId = sql.placeholder('sessionId');
  return {
    byOrder: builtOnce('payment_claim_lock_by_order', (tx) =>
      claimedSelect(tx, claim, ofOrderAndSession(orderId, sessionId)),
    ),
    bySession: builtOnce('payment_claim_lock_by_session', (tx) =>
      claimedSelect(tx, claim, eq(orders.paymentSessionId, sessionId as unknown as string)),
    ),
  };
}
const lookupsByClaim = new WeakMap<SQL, ReturnType<typeof claimedLookups>>();

/**
 * The order the payment is for, locked until the transaction ends (found and locked in one
 * statement). With `claim` (an `insert ... on conflict do nothing returning` of the event's id),
 * the claim is the same statement's first write and the order is looked for only when it claimed:
 * a repeated event stops there ('duplicate'), waiting for the first one's transaction if it is
 * still running, and so never reads or locks the order.
 */
async function findOrder(
  tx: Tx,
  p: ReceivedPayment,
  claim?: EventClaim,
): Promise<FoundOrder | null | 'duplicate'> {
  if (!claim || p.manual) {
    const which = p.manual
      ? eq(orders.id, p.orderId ?? '')
      : p.orderId
        ? ofOrderAndSession(p.orderId, p.sessionId)
        : eq(orders.paymentSessionId, p.sessionId);
    if (!claim) {
      const [found] = await lockedSelect(tx, which);
      return found ?? null;
    }
    const [row] = await claimedSelect(tx, claim.statement, which).execute(claim.values);
    if (!row) return 'duplicate';
    return row.order;
  }
  let lookups = lookupsByClaim.get(claim.statement);
  if (!lookups) {
    lookups = claimedLookups(claim.statement);
    lookupsByClaim.set(claim.statement, lookups);
  }
  const values = { ...claim.values, orderId: p.orderId, sessionId: p.sessionId };
  const [row] = p.orderId ? await lookups.byOrder(tx, values) : await lookups.bySession(tx, values);
  if (!row) return 'duplicate';
  return row.order;
}

/** The money taken, once per event (a repeat conflicts and writes nothing): built once. */
const insertPayment = builtOnce('record_payment', (tx) =>
  tx
    .insert(orderPayments)
    .values({
      orderId: sql.placeholder('orderId'),
      provider: sql.placeholder('provider'),
      sessionId: sql.placeholder('sessionId'),
      paymentIntentId: sql.placeholder('paymentIntentId'),
      amountPennies: sql.placeholder('amountPennies'),
      currency: sql.placeholder('currency'),
      eventId: sql.placeholder('eventId'),
      method: sql.placeholder('method'),
      recordedBy: sql.placeholder('recordedBy'),
    })
    .onConflictDoNothing()
    .returning({ id: orderPayments.id }),
);

/**
 * Records money a provider took, whatever state the order is in (money is never lost), inside the
 * caller's transaction. A pending order becomes paid; a cancelled one becomes paid and is flagged
 * "Paid after cancellation"; one the owner already moved on keeps its status and is flagged; a
 * charge that differs from the total is kept and flagged, and the order stays unpaid. Returns what
 * happened; `paid*` outcomes are the caller's cue to send the paid e-mails.
 */
export async function recordPayment(
  tx: Tx,
  p: ReceivedPayment,
  /** The provider's event claimed in the order's locking statement (see `findOrder`). */
  claim?: EventClaim,
): Promise<{ outcome: PaymentOutcome | 'duplicate_event'; orderId?: string; paidOrder?: PaidOrder }> {
  const found = await findOrder(tx, p, claim);
  if (found === 'duplicate') return { outcome: 'duplicate_event' };
  if (!found) return { outcome: 'unknown_order' };
  const { buysGiftCards, ...order } = found;
  const amount = p.amount ?? { pennies: order.totalPennies, currency: 'gbp' };
  if (p.manual) await checkManualPayment(tx, order, amount.pennies);

  const inserted = await insertPayment(tx, {
    orderId: order.id,
    provider: p.provider,
    sessionId: p.sessionId,
    paymentIntentId: p.paymentIntentId ?? null,
    amountPennies: amount.pennies,
    currency: amount.currency,
    eventId: p.eventId,
    method: p.manual?.method ?? null,
    recordedBy: p.manual?.actor.name ?? null,
  });
  if (inserted.length === 0 || order.paidAt) return { outcome: 'already_paid', orderId: order.id };
  if (p.manual)
    await recordActivity(tx, {
      kind: 'order.payment',
      record: ['order', order.id],
      after: { method: p.manual.method, amount_pennies: amount.pennies },
    });
  if (order.giftCardPennies > 0) await settleGiftCards(tx, order, p, amount.pennies);

  const asked = p.manual ? null : await partPaymentOf(tx, order.id, p.sessionId);
  if (asked) return recordPartPayment(tx, order, p, amount, asked, buysGiftCards);

  const adopt = p.manual
    ? {}
    : {
        // A session created just before a crash may not have been stored yet: adopt it.
        paymentSessionId: order.paymentSessionId ?? p.sessionId,
        paymentIntentId: p.paymentIntentId ?? order.paymentIntentId,
      };
  const inFull =
    amount.currency === 'gbp' &&
    (amount.pennies === order.totalPennies || (await stillOwed(tx, order)) === 0);
  if (!inFull) {
    await tx
      .update(orders)
      .set({ ...adopt, flags: withFlag(order, 'amount_mismatch') })
      .where(eq(orders.id, order.id));
    return { outcome: 'amount_mismatch', orderId: order.id };
  }

  const paid = { ...adopt, paidAt: new Date() };
  // A paid order's delivery is booked in the statement that makes it paid.
  const bookDelivery = tx
    .insert(deliveries)
    .values({ orderId: order.id })
    .onConflictDoNothing({ target: deliveries.orderId });
  let outcome: PaymentOutcome;
  let flags = order.flags;
  if (order.status === 'pending') {
    const note = p.manual ? `Marked as paid: ${MANUAL_NOTE[p.manual.method]}` : 'Payment received';
    await applyStatus(tx, order, 'paid', p.manual?.actor ?? SYSTEM, note, paid, bookDelivery);
    outcome = 'paid';
  } else if (order.status === 'cancelled') {
    flags = withFlag(order, 'paid_after_cancellation');
    const note = 'Payment received after the order was cancelled';
    await applyStatus(tx, order, 'paid', SYSTEM, note, { ...paid, flags }, bookDelivery);
    outcome = 'paid_after_cancellation';
  } else {
    // The owner who takes the money of an order they moved on by hand needs no warning of it.
    if (!p.manual) flags = withFlag(order, 'paid_unexpectedly');
    const update = tx
      .update(orders)
      .set({ ...paid, flags })
      .where(eq(orders.id, order.id));
    // A completed order was delivered or collected already (a trade invoice paid later): no
    // delivery is left to book.
    if (order.status === 'completed') await update;
    else await tx.execute(sql`with booked as (${bookDelivery.getSQL()}) ${update.getSQL()}`);
    outcome = 'paid_unexpectedly';
  }
  return {
    outcome,
    orderId: order.id,
    paidOrder: {
      id: order.id,
      deliveryDate: order.deliveryDate,
      fulfilment: order.fulfilment,
      deliveryZoneId: order.deliveryZoneId,
      flags,
      buysGiftCards,
    },
  };
}

/**
 * An order part-paid by gift cards (decision 044): a payment of the rest spends what the cards
 * hold and records it as paid by gift card; a payment of the whole total some other way frees
 * them instead; the cards' own payment (`gift_card`, an order they cover in full) spends them.
 */
async function settleGiftCards(tx: Tx, order: OrderRow, p: ReceivedPayment, pennies: number) {
  if (p.provider === 'gift_card') {
    await spendForOrder(tx, order.id, order.giftCardPennies, SYSTEM);
    return;
  }
  if (pennies === order.totalPennies - order.giftCardPennies) {
    const spent = await spendForOrder(tx, order.id, order.giftCardPennies, SYSTEM);
    if (spent === 0) return;
    await tx
      .insert(orderPayments)
      .values({
        orderId: order.id,
        provider: 'gift_card',
        sessionId: `gift-card:${order.id}`,
        amountPennies: spent,
        currency: 'gbp',
        eventId: `gift-card:${order.id}`,
      })
      .onConflictDoNothing();
  } else if (pennies >= order.totalPennies) {
    await releaseForOrder(tx, order.id, SYSTEM, 'The order was paid in full another way');
  }
}

const MANUAL_NOTE: Record<ManualPaymentMethod, string> = {
  cash: 'cash',
  bank_transfer: 'bank transfer',
  card_in_person: 'card in person',
};

/**
 * The owner records money for an order that still owes it, never more than it owes (a provider's
 * charge is recorded whatever it is: it was taken; a typed amount can still be put right).
 */
async function checkManualPayment(tx: Tx, order: OrderRow, pennies: number) {
  if (order.status === 'cancelled') {
    throw badRequest('This order is cancelled, so it cannot be marked as paid.');
  }
  if (order.paidAt) throw badRequest('This order is already paid.');
  const owed = await stillOwed(tx, order);
  if (owed <= 0) throw badRequest('Nothing is owed on this order.');
  if (pennies > owed) {
    throw badRequest(`At most ${formatPence(owed)} is owed on this order.`, {
      amount: `At most ${formatPence(owed)}`,
    });
  }
}

/** A paid order as this transaction left it: what the over-capacity check needs, without reading it again. */
export interface PaidOrder {
  id: string;
  deliveryDate: string | null;
  fulfilment: Fulfilment;
  /** The zone it was placed in: its days, not the bake template's, say whether its day is open. */
  deliveryZoneId: string | null;
  flags: OrderFlag[];
  /** It has gift cards among its lines, to issue now it is paid. */
  buysGiftCards: boolean;
}

/** The amount asked for on the order (decision 088) that this session is the page of, if any. */
async function partPaymentOf(tx: Tx, orderId: string, sessionId: string) {
  const [row] = await partPaymentStatement(tx, { orderId, sessionId });
  return row ?? null;
}

// Asked in every payment of an order's own page too (it is none): built once.
const partPaymentStatement = builtOnce('part_payment_of_session', (tx) =>
  tx
    .select()
    .from(orderPaymentRequests)
    .where(
      and(
        eq(orderPaymentRequests.orderId, sql.placeholder('orderId') as unknown as string),
        eq(orderPaymentRequests.sessionId, sql.placeholder('sessionId') as unknown as string),
      ),
    ),
);

/**
 * Money taken on a part payment's page (a deposit or a balance, decision 088). A charge of the
 * amount asked for marks the request paid; the order's paid state then follows from the sum of
 * the money taken against its total: a pending order whose deposit is taken is confirmed
 * ("paid" status, so it is baked and delivered like any order) but has no `paid_at` until the
 * money taken reaches its total. A charge of anything else is kept and flagged, as any order's.
 */
async function recordPartPayment(
  tx: Tx,
  order: OrderRow,
  p: ReceivedPayment,
  amount: { pennies: number; currency: string },
  asked: typeof orderPaymentRequests.$inferSelect,
  buysGiftCards: boolean,
): Promise<{ outcome: PaymentOutcome; orderId: string; paidOrder?: PaidOrder }> {
  const adopt = { paymentSessionId: order.paymentSessionId ?? p.sessionId };
  if (amount.currency !== 'gbp' || amount.pennies !== asked.amountPennies) {
    await tx
      .update(orders)
      .set({ ...adopt, flags: withFlag(order, 'amount_mismatch') })
      .where(eq(orders.id, order.id));
    return { outcome: 'amount_mismatch', orderId: order.id };
  }
  await tx
    .update(orderPaymentRequests)
    .set({ paidAt: new Date() })
    .where(eq(orderPaymentRequests.id, asked.id));
  const inFull = (await stillOwed(tx, order)) <= 0;
  const paid = {
    ...adopt,
    paymentIntentId: p.paymentIntentId ?? order.paymentIntentId,
    ...(inFull ? { paidAt: new Date() } : {}),
  };
  const paidOrder: PaidOrder = {
    id: order.id,
    deliveryDate: order.deliveryDate,
    fulfilment: order.fulfilment,
    deliveryZoneId: order.deliveryZoneId,
    flags: order.flags,
    buysGiftCards,
  };
  if (order.status === 'pending') {
    const bookDelivery = tx
      .insert(deliveries)
      .values({ orderId: order.id })
      .onConflictDoNothing({ target: deliveries.orderId });
    const note = inFull ? 'Payment received' : `Deposit received: ${formatPence(amount.pennies)}`;
    await applyStatus(tx, order, 'paid', SYSTEM, note, paid, bookDelivery);
    return { outcome: inFull ? 'paid' : 'part_paid', orderId: order.id, paidOrder };
  }
  await tx.update(orders).set(paid).where(eq(orders.id, order.id));
  return { outcome: inFull ? 'paid_in_full' : 'part_paid', orderId: order.id };
}

/** Whether the outer query's order's deposit (decision 088) has been taken. */
export const depositTakenSql = sql<boolean>`exists (select 1 from ${orderPaymentRequests} r
  where r.order_id = ${thisOrder} and r.purpose = 'deposit' and r.paid_at is not null)`;

/** What an order's payments come to, and the words for it (`paidStateText`), from its money taken. */
export interface PaidState {
  takenPennies: number;
  totalPennies: number;
  owedPennies: number;
  depositTaken: boolean;
  /** "Deposit paid £60.00 of £120.00", "Paid in full", or null when nothing has been taken. */
  text: string | null;
}

export async function paidStateOf(exec: Db | Tx, orderId: string): Promise<PaidState | null> {
  const [row] = await exec
    .select({
      totalPennies: orders.totalPennies,
      taken: paidSum,
      depositTaken: depositTakenSql,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!row) return null;
  return {
    takenPennies: row.taken,
    totalPennies: row.totalPennies,
    owedPennies: Math.max(0, row.totalPennies - row.taken),
    depositTaken: row.depositTaken,
    text: paidStateText(row.taken, row.totalPennies, row.depositTaken),
  };
}

/**
 * Money taken on orders whose deposit alone has been taken (decision 088), per London day the
 * order was placed. The per-day sales count an order once it has `paid_at` (paid in full), so
 * revenue adds this to count a deposit when it is taken, never the balance still owed. Few rows:
 * only part-paid orders are read.
 */
export async function takenOnPartPaidByDay(
  exec: Db | Tx,
  range: { from?: string; to?: string } = {},
  zone?: string,
): Promise<Map<string, number>> {
  const result = await exec.execute(sql`
    select (o.created_at at time zone 'Europe/London')::date::text as day,
      sum((select coalesce(sum(p.amount_pennies), 0) from ${orderPayments} p
        where p.order_id = o.id and p.currency = 'gbp')
        - (select coalesce(sum(f.amount_pennies), 0) from ${refunds} f where f.order_id = o.id))::int as taken
    from ${orders} o
    where o.paid_at is null and o.status in ('paid', 'baking', 'shipped', 'completed')
      and exists (select 1 from ${orderPaymentRequests} r where r.order_id = o.id and r.paid_at is not null)
      ${range.from ? sql`and (o.created_at at time zone 'Europe/London')::date >= ${range.from}::date` : sql``}
      ${range.to ? sql`and (o.created_at at time zone 'Europe/London')::date <= ${range.to}::date` : sql``}
      ${zone ? sql`and sales_zone(o.fulfilment, o.delivery_zone_id) = ${zone}` : sql``}
    group by 1`);
  const rows = (result as unknown as { rows: { day: string; taken: number }[] }).rows;
  return new Map(rows.map((r) => [r.day, Number(r.taken)]));
}
