import { and, asc, count, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { BookItem, BookOrder, BookRefund, BooksPeriod } from '~/shared/books/books';
import type { VatRate } from '~/shared/food-information';
import { addDays, londonDate, londonInstant } from '~/shared/time/london-time';
import { customer } from '../account/customers';
import type { Db } from '../db/client';
import { orderItems, orders, refunds } from '../db/schema';
import { countedRefund } from './counted-refunds';

/**
 * The books' reads of orders (decision 087): orders whose money was taken (`paid_at`) in a period,
 * and the refunds made (or being made) in it, with their lines as the order stores them. Every
 * amount is the order's own (its priced lines, discount, delivery and total), never recomputed.
 */

/** A period's London days as instants: from its first midnight to the midnight after its last day. */
const bounds = (period: BooksPeriod) =>
  [londonInstant(period.from, '00:00'), londonInstant(addDays(period.to, 1), '00:00')] as const;

const paidIn = (period: BooksPeriod) => {
  const [start, end] = bounds(period);
  return and(isNotNull(orders.paidAt), gte(orders.paidAt, start), lt(orders.paidAt, end));
};

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

/** How many orders were paid, and how many refunds made, in the period. */
export async function booksCounts(db: Db, period: BooksPeriod) {
  const [[invoices], [creditNotes]] = await Promise.all([
    db.select({ n: count() }).from(orders).where(paidIn(period)),
    db.select({ n: count() }).from(refunds).where(refundedIn(period)),
  ]);
  return { invoices: invoices?.n ?? 0, creditNotes: creditNotes?.n ?? 0 };
}

/** The orders paid in the period, in the order they were paid, `limit` of them after `offset`. */
export async function paidOrdersIn(
  db: Db,
  period: BooksPeriod,
  page: { offset: number; limit: number },
): Promise<BookOrderRow[]> {
  const ids = await db
    .select({ id: orders.id })
    .from(orders)
    .where(paidIn(period))
    .orderBy(asc(orders.paidAt), asc(orders.id))
    .offset(page.offset)
    .limit(page.limit);
  const found = await bookOrders(
    db,
    ids.map((r) => r.id),
  );
  return ids.map((r) => found.get(r.id)!);
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
  const [paid, refunded] = await Promise.all([
    db
      .select({
        profileId: orders.profileId,
        orders: count(),
        pennies: sql<number>`coalesce(sum(${orders.totalPennies}), 0)`.mapWith(Number),
      })
      .from(orders)
      .where(and(paidIn(period), sql`not ${ofGiftCards}`))
      .groupBy(orders.profileId),
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
  for (const r of refunded) {
    const p = byProfile.get(r.profileId) ?? { profileId: r.profileId, orders: 0, pennies: 0 };
    p.pennies -= r.pennies;
    byProfile.set(r.profileId, p);
  }
  return [...byProfile.values()];
}
