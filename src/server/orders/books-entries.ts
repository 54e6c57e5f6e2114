import { and, asc, count, eq, gte, inArray, isNotNull, lt, type SQL, sql } from 'drizzle-orm';
import type { BookItem, BookOrder, BookPart, BookRefund, BooksPeriod } from '~/shared/books/books';
import type { VatRate } from '~/shared/food-information';
import { addDays, londonDate, londonInstant } from '~/shared/time/london-time';
import { customer } from '../account/customers';
import type { Db } from '../db/client';
import { orderItems, orderPaymentRequests, orderPayments, orders, refunds } from '../db/schema';
import { countedRefund } from './order-money';

/**
 * The books' reads of orders (decision 087): orders whose money was taken (`paid_at`) in a period,
 * and the refunds made (or being made) in it, with their lines as the order stores them. Every
 * amount is the order's own (its priced lines, discount, delivery and total), never recomputed.
 * An order paid in parts (a deposit, then the balance: decision 093) is an invoice per payment,
 * each in the period its money was taken.
 */

/** A period's London days as instants: from its first midnight to the midnight after its last day. */
const bounds = (period: BooksPeriod) =>
  [londonInstant(period.from, '00:00'), londonInstant(addDays(period.to, 1), '00:00')] as const;

const paidIn = (period: BooksPeriod) => {
  const [start, end] = bounds(period);
  return and(isNotNull(orders.paidAt), gte(orders.paidAt, start), lt(orders.paidAt, end));
};

/**
 * Whether the order `o` (a table or its alias) is paid in parts: a deposit of less than its total
 * was taken (decision 088). Its payments are then its invoices, each on the day it was taken; any
 * other order is one invoice on the day it was paid in full.
 */
const inParts = (o: SQL) => sql`exists (select 1 from ${orderPaymentRequests} r
  where r.order_id = ${o}.id and r.purpose = 'deposit' and r.paid_at is not null
  and r.amount_pennies < ${o}.total_pennies)`;
const orderTable = sql.raw('"orders"');
const o = sql.raw('o');

/**
 * The period's invoices as (order, payment) pairs with when their money was taken: an order paid
 * in full in it (payment null), or a payment taken in it on an order paid in parts.
 */
const invoicesOf = (period: BooksPeriod) => {
  const [start, end] = bounds(period).map((d) => d.toISOString());
  return sql`
    select ${o}.id as order_id, null::uuid as payment_id, ${o}.paid_at as taken_at from ${orders} ${o}
      where ${o}.paid_at >= ${start}::timestamptz and ${o}.paid_at < ${end}::timestamptz
        and not ${inParts(o)}
    union all
    select p.order_id, p.id, p.created_at from ${orderPayments} p join ${orders} ${o} on ${o}.id = p.order_id
      where p.currency = 'gbp' and p.created_at >= ${start}::timestamptz and p.created_at < ${end}::timestamptz
        and ${inParts(o)}`;
};

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const refundedIn = (period: BooksPeriod) => {
  const [start, end] = bounds(period);
  return and(countedRefund(), gte(refunds.createdAt, start), lt(refunds.createdAt, end));
};

/** A book order without its trade side yet: the customer's profile id, for the trade module to name. */
export type BookOrderRow = BookOrder & { profileId: string };

/** The orders with these ids, as the books read them (lines in the order they were sold). */
async function bookOrders(db: Db, ids: string[]): Promise<Map<string, BookOrderRow>> {
  if (ids.length === 0) return new Map();
  const [rows, items] = await Promise.all([
    db
      .select({
        id: orders.id,
        profileId: orders.profileId,
        contact: customer.fullName,
        email: customer.email,
        paidAt: orders.paidAt,
        createdAt: orders.createdAt,
        discountCode: orders.discountCode,
        discountPennies: orders.discountPennies,
        deliveryPennies: orders.deliveryFeePennies,
        totalPennies: orders.totalPennies,
      })
      .from(orders)
      .innerJoin(customer, eq(customer.id, orders.profileId))
      .where(inArray(orders.id, ids)),
    db
      .select({
        orderId: orderItems.orderId,
        name: orderItems.productName,
        quantity: orderItems.quantity,
        unitPricePennies: orderItems.unitPricePennies,
        vatRate: orderItems.vatRate,
        giftCard: sql<boolean>`${orderItems.giftCard} is not null`,
      })
      .from(orderItems)
      .where(inArray(orderItems.orderId, ids))
      .orderBy(asc(orderItems.productName), asc(orderItems.id)),
  ]);
  const linesOf = new Map<string, BookItem[]>();
  for (const { orderId, ...item } of items) {
    const list = linesOf.get(orderId) ?? [];
    list.push({ ...item, vatRate: item.vatRate as VatRate });
    linesOf.set(orderId, list);
  }
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        number: r.id.slice(0, 8),
        profileId: r.profileId,
        contact: r.contact,
        email: r.email,
        trade: false,
        // A refund's order always had money taken; its placing date if that was never recorded.
        paidOn: londonDate(r.paidAt ?? r.createdAt),
        items: linesOf.get(r.id) ?? [],
        discountCode: r.discountCode,
        discountPennies: r.discountPennies,
        deliveryPennies: r.deliveryPennies,
        totalPennies: r.totalPennies,
      },
    ]),
  );
}

/**
 * Each payment of the orders paid in parts among these, as the part of its order it is, by the
 * payment's id: in the order taken, a deposit named so, the one that completes the total the
 * balance.
 */
async function paymentsOf(db: Db, ids: string[]): Promise<Map<string, { part: BookPart; takenAt: Date }>> {
  const parts = new Map<string, { part: BookPart; takenAt: Date }>();
  if (ids.length === 0) return parts;
  const rows = await db
    .select({
      id: orderPayments.id,
      orderId: orderPayments.orderId,
      pennies: orderPayments.amountPennies,
      takenAt: orderPayments.createdAt,
      purpose: orderPaymentRequests.purpose,
      totalPennies: orders.totalPennies,
    })
    .from(orderPayments)
    .innerJoin(orders, eq(orders.id, orderPayments.orderId))
    .leftJoin(
      orderPaymentRequests,
      and(
        eq(orderPaymentRequests.orderId, orderPayments.orderId),
        eq(orderPaymentRequests.sessionId, orderPayments.sessionId),
      ),
    )
    .where(and(inArray(orderPayments.orderId, ids), eq(orderPayments.currency, 'gbp'), inParts(orderTable)))
    .orderBy(asc(orderPayments.createdAt), asc(orderPayments.id));
  const sofar = new Map<string, { seq: number; taken: number }>();
  for (const r of rows) {
    const before = sofar.get(r.orderId) ?? { seq: 0, taken: 0 };
    const kind =
      r.purpose === 'deposit'
        ? 'Deposit'
        : before.taken + r.pennies >= r.totalPennies
          ? 'Balance'
          : 'Part payment';
    parts.set(r.id, {
      part: { seq: before.seq + 1, kind, pennies: r.pennies, takenBefore: before.taken },
      takenAt: r.takenAt,
    });
    sofar.set(r.orderId, { seq: before.seq + 1, taken: before.taken + r.pennies });
  }
  return parts;
}

/** How many invoices (orders paid, and parts taken of orders paid in parts), and refunds, the period has. */
export async function booksCounts(db: Db, period: BooksPeriod) {
  const [invoices, [creditNotes]] = await Promise.all([
    db.execute(sql`select count(*)::int as n from (${invoicesOf(period)}) e`),
    db.select({ n: count() }).from(refunds).where(refundedIn(period)),
  ]);
  return { invoices: Number(rowsOf<{ n: number }>(invoices)[0]?.n ?? 0), creditNotes: creditNotes?.n ?? 0 };
}

/**
 * The period's invoices in the order their money was taken, `limit` of them after `offset`: each
 * order paid in full in it, and each part taken in it of an order paid in parts (`part` set, dated
 * the day that part was taken).
 */
export async function invoicesIn(
  db: Db,
  period: BooksPeriod,
  page: { offset: number; limit: number },
): Promise<BookOrderRow[]> {
  const entries = rowsOf<{ order_id: string; payment_id: string | null }>(
    await db.execute(sql`select order_id, payment_id from (${invoicesOf(period)}) e
      order by taken_at, order_id, payment_id nulls first
      offset ${page.offset} limit ${page.limit}`),
  );
  const ids = [...new Set(entries.map((e) => e.order_id))];
  const [found, parts] = await Promise.all([bookOrders(db, ids), paymentsOf(db, ids)]);
  return entries.map((e) => {
    const order = found.get(e.order_id)!;
    const part = e.payment_id ? parts.get(e.payment_id) : undefined;
    return part ? { ...order, paidOn: londonDate(part.takenAt), part: part.part } : order;
  });
}

/** The refunds made (or being made) in the period, in the order they were made, with their orders. */
export async function refundsIn(
  db: Db,
  period: BooksPeriod,
  page: { offset: number; limit: number },
): Promise<(BookRefund & { order: BookOrderRow; requestKey: string })[]> {
  const rows = await db
    .select({
      id: refunds.id,
      requestKey: refunds.requestKey,
      orderId: refunds.orderId,
      amountPennies: refunds.amountPennies,
      reason: refunds.reason,
      createdAt: refunds.createdAt,
    })
    .from(refunds)
    .where(refundedIn(period))
    .orderBy(asc(refunds.createdAt), asc(refunds.id))
    .offset(page.offset)
    .limit(page.limit);
  const found = await bookOrders(db, [...new Set(rows.map((r) => r.orderId))]);
  return rows.map((r) => ({
    id: r.id,
    madeOn: londonDate(r.createdAt),
    amountPennies: r.amountPennies,
    reason: r.reason,
    requestKey: r.requestKey,
    order: found.get(r.orderId)!,
  }));
}

/** Orders of gift cards (gift cards are sold on their own: decision 047), which are not sales. */
const ofGiftCards = sql`exists (select 1 from ${orderItems} gi where gi.order_id = ${orders.id}
  and gi.gift_card is not null)`;

/**
 * Sales per customer in the period, for the retail and trade figures: what orders paid in it came
 * to, less what was refunded in it, gift cards sold left out (a liability, not a sale).
 */
export async function salesByCustomerIn(
  db: Db,
  period: BooksPeriod,
): Promise<{ profileId: string; orders: number; pennies: number }[]> {
  const [start, end] = bounds(period).map((d) => d.toISOString());
  const [paid, inPartsPaid, refunded] = await Promise.all([
    db
      .select({
        profileId: orders.profileId,
        orders: count(),
        pennies: sql<number>`coalesce(sum(${orders.totalPennies}), 0)`.mapWith(Number),
      })
      .from(orders)
      .where(and(paidIn(period), sql`not ${ofGiftCards}`, sql`not ${inParts(orderTable)}`))
      .groupBy(orders.profileId),
    // An order paid in parts counts what was taken of it in the period, as one of its orders.
    db.execute(sql`
      select ${o}.profile_id as "profileId", count(distinct ${o}.id)::int as orders,
        coalesce(sum(p.amount_pennies), 0)::int as pennies
      from ${orderPayments} p join ${orders} ${o} on ${o}.id = p.order_id
      where p.currency = 'gbp' and p.created_at >= ${start}::timestamptz and p.created_at < ${end}::timestamptz
        and ${inParts(o)}
        and not exists (select 1 from ${orderItems} gi where gi.order_id = ${o}.id and gi.gift_card is not null)
      group by ${o}.profile_id`),
    db
      .select({
        profileId: orders.profileId,
        pennies: sql<number>`coalesce(sum(${refunds.amountPennies}), 0)`.mapWith(Number),
      })
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .where(and(refundedIn(period), sql`not ${ofGiftCards}`))
      .groupBy(orders.profileId),
  ]);
  const byProfile = new Map(paid.map((p) => [p.profileId, { ...p }]));
  for (const r of rowsOf<{ profileId: string; orders: number; pennies: number }>(inPartsPaid)) {
    const p = byProfile.get(r.profileId) ?? { profileId: r.profileId, orders: 0, pennies: 0 };
    p.orders += Number(r.orders);
    p.pennies += Number(r.pennies);
    byProfile.set(r.profileId, p);
  }
  for (const r of refunded) {
    const p = byProfile.get(r.profileId) ?? { profileId: r.profileId, orders: 0, pennies: 0 };
    p.pennies -= r.pennies;
    byProfile.set(r.profileId, p);
  }
  return [...byProfile.values()];
}
