import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { BakeDay } from '~/shared/bake-days/calendar';
import type { DeliveryZone } from '~/shared/delivery-zones/zones';
import type { VatRate } from '~/shared/food-information';
import { isUuid } from '~/shared/ids';
import type { Actor } from '~/shared/orders/actor';
import type { OrderStatus } from '~/shared/orders/statuses';
import { addDays, daysBetween, type IsoDate, londonDate } from '~/shared/time/london-time';
import { STANDING_MESSAGES } from '~/shared/trade/standing-orders';
import { priceTradeLines, quantityProblem, storedLine, type TradeTotals } from '~/shared/trade/trade';
import {
  AGE_BUCKETS,
  type AgeBucket,
  ageBucket,
  invoiceNumberText,
  overdueMessage,
  overLimitMessage,
  TRADE_ORDER_MESSAGES,
} from '~/shared/trade/trade-invoices';
import { recordActivity } from '../activity/activity-log';
import type { BakeDaysService } from '../bake-days/bake-days-service';
import type { Db, Tx } from '../db/client';
import {
  orders,
  profiles,
  standingOrderRuns,
  tradeAccounts,
  tradeInvoiceLines,
  tradeInvoices,
  tradeOrders,
} from '../db/schema';
import { decideZone } from '../delivery-zones/zones-service';
import { badRequest, notFound } from '../errors';
import type { OrdersService } from '../orders/orders-service';
import { creditedOnInvoice } from './credited';
import { nextDocumentNumber } from './document-numbers';
import type { TradeAccount, TradeAccountsService } from './trade-accounts-service';
import { tradeInvoiceEmail } from './trade-invoice-email';

export type TradeInvoice = typeof tradeInvoices.$inferSelect;
export type TradeInvoiceLine = typeof tradeInvoiceLines.$inferSelect;

/** Where the account stands: what it owes, and why it cannot order now (null: it can). */
export interface AccountStanding {
  owedPennies: number;
  creditLimitPennies: number;
  /** The earliest unpaid invoice past its due date, if any. */
  overdue: { number: number; dueOn: string } | null;
  refusal: string | null;
}

/** One account's unpaid invoices by age (AGE_BUCKETS), for the owner. */
export interface AgedAccount {
  accountId: string;
  businessName: string;
  creditLimitPennies: number;
  buckets: Record<AgeBucket, number>;
  owedPennies: number;
}

export interface TradeOrdersDeps {
  db: Db;
  trade: TradeAccountsService;
  orders: OrdersService;
  bakeDays: BakeDaysService;
  zones: (exec: Db | Tx) => Promise<readonly DeliveryZone[]>;
  /** The shop's name, address and VAT number (Settings, Who we are), copied onto each invoice. */
  seller: (exec: Db | Tx) => Promise<{ name: string; address: string; vatNumber: string }>;
  /** Queues an e-mail in the caller's transaction (the mail outbox). */
  enqueue: (email: ReturnType<typeof tradeInvoiceEmail>, tx: Tx) => Promise<void>;
  providerName: 'test' | 'stripe';
  /** Asks for what is owed on an order on the provider's hosted page (the payments' part payments). */
  askCardPayment: (input: {
    orderId: string;
    purpose: 'invoice';
    description: string;
    returnOrigin?: string;
    returnPath: string;
  }) => Promise<{ url: string }>;
  publicUrl: string;
  /** Today in London (tests move it). */
  today?: () => IsoDate;
  /** Now (tests move it): a change of an order is refused after its day's cut-off. */
  clock?: () => Date;
}

const MAX_QUANTITY = 5000;

/** A trade order with its order and its account, by the order's id (the caller may lock it). */
const tradeOrderRow = (tx: Tx, orderId: string) =>
  tx
    .select({ trade: tradeOrders, order: orders, account: tradeAccounts })
    .from(tradeOrders)
    .innerJoin(orders, eq(orders.id, tradeOrders.orderId))
    .innerJoin(tradeAccounts, eq(tradeAccounts.id, tradeOrders.accountId))
    .where(eq(tradeOrders.orderId, orderId));

/**
 * Ordering on account and the VAT invoices of delivered trade orders (decision 085). A trade
 * order is an `orders` row placed through the orders module, its day reserved by the bake days'
 * one check; its lines as `priceTradeLines` priced them are kept in `trade_orders`, and its
 * invoice copies them, so the order's total and its invoice's are the same number.
 */
export function createTradeOrdersService(deps: TradeOrdersDeps) {
  const { db, trade, orders: ordersService, bakeDays } = deps;
  const clock = deps.clock ?? (() => new Date());
  const today = deps.today ?? (() => londonDate(clock()));

  /** What the account owes: unpaid invoices less their credit notes, and orders on account not yet invoiced. */
  async function standingOf(exec: Db | Tx, account: TradeAccount): Promise<AccountStanding> {
    const [invoiced] = await exec
      .select({
        owed: sql<number>`coalesce(sum(${tradeInvoices.totalPennies} - ${creditedOnInvoice}), 0)`.mapWith(
          Number,
        ),
      })
      .from(tradeInvoices)
      .where(and(eq(tradeInvoices.accountId, account.id), isNull(tradeInvoices.paidAt)));
    const [open] = await exec
      .select({ owed: sql<number>`coalesce(sum(${tradeOrders.totalPennies}), 0)`.mapWith(Number) })
      .from(tradeOrders)
      .innerJoin(orders, eq(orders.id, tradeOrders.orderId))
      .leftJoin(tradeInvoices, eq(tradeInvoices.orderId, tradeOrders.orderId))
      .where(
        and(
          eq(tradeOrders.accountId, account.id),
          sql`${orders.status} <> 'cancelled'`,
          isNull(tradeInvoices.number),
        ),
      );
    const [late] = await exec
      .select({ number: tradeInvoices.number, dueOn: tradeInvoices.dueOn })
      .from(tradeInvoices)
      .where(
        and(
          eq(tradeInvoices.accountId, account.id),
          isNull(tradeInvoices.paidAt),
          sql`${tradeInvoices.dueOn} < ${today()}`,
        ),
      )
      .orderBy(asc(tradeInvoices.dueOn))
      .limit(1);
    const owedPennies = (invoiced?.owed ?? 0) + (open?.owed ?? 0);
    const overdue = late ?? null;
    const refusal = overdue
      ? overdueMessage(overdue.number, overdue.dueOn)
      : owedPennies >= account.creditLimitPennies
        ? overLimitMessage(owedPennies, 0, account.creditLimitPennies)
        : null;
    return { owedPennies, creditLimitPennies: account.creditLimitPennies, overdue, refusal };
  }

  /** The quantities asked for, checked against the price list; refused with the first problem. */
  function priceWanted(
    offer: NonNullable<Awaited<ReturnType<TradeAccountsService['offerFor']>>>['offer'],
    input: unknown,
  ): TradeTotals {
    const raw = (input as { quantities?: unknown } | null)?.quantities;
    const wanted = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
    const byId = new Map(offer.map((o) => [o.productId, o]));
    const lines: Parameters<typeof priceTradeLines>[0] = [];
    for (const [productId, value] of Object.entries(wanted)) {
      const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
      if (text === '' || text === '0') continue;
      const item = byId.get(productId);
      if (!item)
        throw badRequest(TRADE_ORDER_MESSAGES.notOnList, {
          [`q_${productId}`]: TRADE_ORDER_MESSAGES.notOnList,
        });
      if (!/^\d{1,5}$/.test(text) || Number(text) > MAX_QUANTITY)
        throw badRequest(TRADE_ORDER_MESSAGES.quantity, {
          [`q_${productId}`]: TRADE_ORDER_MESSAGES.quantity,
        });
      const quantity = Number(text);
      const problem = quantityProblem(item.name, quantity, item);
      if (problem) throw badRequest(problem, { [`q_${productId}`]: problem });
      lines.push({ ...item, quantity });
    }
    if (lines.length === 0) throw badRequest(TRADE_ORDER_MESSAGES.nothing);
    // The lines in the price list's order, whatever order the form sent them in.
    lines.sort((a, b) => offer.indexOf(byId.get(a.productId)!) - offer.indexOf(byId.get(b.productId)!));
    return priceTradeLines(lines);
  }

  async function zoneOf(exec: Db | Tx, account: TradeAccount): Promise<DeliveryZone | null> {
    const zones = await deps.zones(exec);
    if (account.deliveryZoneId) {
      const set = zones.find((z) => z.id === account.deliveryZoneId);
      if (set) return set;
    }
    const { zone, refused } = decideZone(zones, account.postcode);
    if (refused) throw badRequest(refused, { delivery_date: refused });
    return zone;
  }

  async function mustOffer(userId: string, exec: Db | Tx = db) {
    const mine = await trade.offerFor(userId, exec);
    if (!mine) throw badRequest(TRADE_ORDER_MESSAGES.notApproved);
    return mine;
  }

  /** Issues the invoice of a delivered trade order, once: its number from the one sequence. */
  async function issueInvoice(orderId: string): Promise<number> {
    if (!isUuid(orderId)) throw notFound('Order not found');
    return db.transaction(async (tx) => {
      // The trade order's row is the lock: two "delivered" clicks queue here, the second finds it.
      const [row] = await tradeOrderRow(tx, orderId).for('update', { of: tradeOrders });
      if (!row) throw badRequest(TRADE_ORDER_MESSAGES.notTrade);
      const [existing] = await tx
        .select({ number: tradeInvoices.number })
        .from(tradeInvoices)
        .where(eq(tradeInvoices.orderId, orderId));
      if (existing) return existing.number;
      if (row.order.status !== 'completed') throw badRequest(TRADE_ORDER_MESSAGES.notDelivered);
      const seller = await deps.seller(tx);
      const number = await nextDocumentNumber(tx, 'invoice');
      const issuedOn = today();
      const { trade: t, account: a } = row;
      const [invoice] = await tx
        .insert(tradeInvoices)
        .values({
          number,
          orderId,
          accountId: a.id,
          issuedOn,
          // The tax point: its delivery day, or today when it was delivered before that day.
          suppliedOn:
            row.order.deliveryDate && row.order.deliveryDate <= issuedOn ? row.order.deliveryDate : issuedOn,
          dueOn: addDays(issuedOn, a.paymentTermsDays),
          sellerName: seller.name,
          sellerAddress: seller.address,
          sellerVatNumber: seller.vatNumber,
          customerName: a.businessName,
          customerAddress: [a.address, a.city, a.postcode].join(', '),
          customerVatNumber: a.vatNumber,
          netPennies: t.netPennies,
          vatPennies: t.vatPennies,
          totalPennies: t.totalPennies,
        })
        .returning();
      await tx.insert(tradeInvoiceLines).values(
        t.lines.map((l, position) => ({
          invoiceNumber: number,
          position,
          productId: l.productId,
          ...storedLine(l),
        })),
      );
      await deps.enqueue(
        tradeInvoiceEmail(seller.name, {
          to: await emailOf(tx, row.order.profileId),
          invoice: invoice!,
          link: `${deps.publicUrl}/trade/invoices/${number}`,
        }),
        tx,
      );
      return number;
    });
  }

  async function emailOf(exec: Db | Tx, profileId: string): Promise<string> {
    const [row] = await exec
      .select({ email: profiles.email })
      .from(profiles)
      .where(eq(profiles.id, profileId));
    return row?.email ?? '';
  }

  async function linesOf(exec: Db | Tx, number: number) {
    return exec
      .select()
      .from(tradeInvoiceLines)
      .where(eq(tradeInvoiceLines.invoiceNumber, number))
      .orderBy(asc(tradeInvoiceLines.position));
  }

  async function invoiceWithLines(where: ReturnType<typeof and>) {
    const [invoice] = await db.select().from(tradeInvoices).where(where);
    if (!invoice) throw notFound(TRADE_ORDER_MESSAGES.noInvoice);
    return { invoice, lines: await linesOf(db, invoice.number) };
  }

  const invoiceNumberOf = (raw: string | number) => {
    const n = typeof raw === 'number' ? raw : Number(String(raw).replace(/^INV-/i, ''));
    if (!Number.isInteger(n) || n <= 0 || n > 2_000_000_000) throw notFound(TRADE_ORDER_MESSAGES.noInvoice);
    return n;
  };

  /** The account, locked (orders on account queue on it), with its priced offer; approved only. */
  async function lockAccount(tx: Tx, who: { profileId: string } | { accountId: string }) {
    const [locked] = await tx
      .select()
      .from(tradeAccounts)
      .where(
        and(
          'profileId' in who
            ? eq(tradeAccounts.profileId, who.profileId)
            : eq(tradeAccounts.id, who.accountId),
          eq(tradeAccounts.status, 'approved'),
        ),
      )
      .for('update');
    if (!locked) throw badRequest(TRADE_ORDER_MESSAGES.notApproved);
    return mustOffer(locked.profileId, tx);
  }

  /** The orders module's lines and totals for lines priced by `priceTradeLines`. */
  const orderLinesOf = (priced: TradeTotals) =>
    // The orders module keeps VAT-inclusive unit prices; the exact ex-VAT lines are the trade
    // order's, and the order's total is theirs to the penny.
    priced.lines.map((l) => ({
      productId: l.productId,
      name: l.name,
      quantity: l.quantity,
      unitPricePennies: Math.round((l.unitPenniesExVat * (100 + l.vatRate)) / 100),
      vatRate: l.vatRate as VatRate,
    }));

  /**
   * Places an order on account inside the caller's transaction: priced from the account's list
   * (never the browser), refused when an invoice is overdue or it would go over the credit limit,
   * its day reserved by the bake days' one cut-off and capacity check. The account's row is locked
   * first, so two orders at once cannot both squeeze under the limit. The café's form and the
   * standing orders' sweep both place through here.
   */
  async function placeIn(
    tx: Tx,
    who: { profileId: string } | { accountId: string },
    input: unknown,
    actor: Actor,
  ) {
    const { account, offer } = await lockAccount(tx, who);
    const priced = priceWanted(offer, input);
    const standing = await standingOf(tx, account);
    if (standing.overdue) throw badRequest(overdueMessage(standing.overdue.number, standing.overdue.dueOn));
    if (standing.owedPennies + priced.totalPennies > account.creditLimitPennies)
      throw badRequest(
        overLimitMessage(standing.owedPennies, priced.totalPennies, account.creditLimitPennies),
      );
    const zone = await zoneOf(tx, account);
    const cookies = priced.lines.reduce((s, l) => s + l.quantity, 0);
    const wantedDay = (input as { deliveryDate?: unknown } | null)?.deliveryDate;
    const deliveryDate = await bakeDays.reserveDay(tx, wantedDay || undefined, cookies, 'delivery', [], zone);
    const { orderId } = await ordersService.place(
      tx,
      {
        profileId: account.profileId,
        ship: {
          name: account.businessName,
          phone: account.contactPhone,
          address: account.address,
          city: account.city,
          postcode: account.postcode,
          gift: null,
        },
        lines: orderLinesOf(priced),
        fulfilment: 'delivery',
        discountCode: null,
        priced: {
          subtotalPennies: priced.totalPennies,
          discountPennies: 0,
          deliveryPennies: 0,
          deliveryWaivedPennies: 0,
          totalPennies: priced.totalPennies,
          vat: priced.byRate.map((r) => ({
            rate: r.vatRate as VatRate,
            gross_pennies: r.netPennies + r.vatPennies,
            vat_pennies: r.vatPennies,
          })),
          freeDeliveryShortfallPennies: null,
          minimumShortfallPennies: null,
        },
        provider: deps.providerName,
        // On account: no payment page, so the expiry sweep never cancels it.
        paymentExpiresAt: null,
        onAccount: true,
        deliveryDate,
        zone:
          zone && zone.method !== 'none'
            ? { id: zone.id, name: zone.name, method: zone.method, transitDays: zone.transitDays }
            : null,
      },
      actor,
    );
    await tx.insert(tradeOrders).values({
      orderId,
      accountId: account.id,
      lines: priced.lines,
      netPennies: priced.netPennies,
      vatPennies: priced.vatPennies,
      totalPennies: priced.totalPennies,
    });
    return { orderId, deliveryDate, priced, accountId: account.id };
  }

  /**
   * Changes the quantities of an order on account until its day's cut-off, while it waits to be
   * baked: priced again from the list, the credit limit checked without the order's old total, and
   * the day's capacity and cut-off checked by the bake days' one check with the new count (the old
   * lines are taken off first, in the same transaction). `profileId` null: the owner's change.
   */
  async function changeQuantities(profileId: string | null, orderId: string, input: unknown, actor: Actor) {
    if (!isUuid(orderId)) throw notFound('Order not found');
    return db.transaction(async (tx) => {
      const [row] = await tradeOrderRow(tx, orderId);
      if (!row || (profileId !== null && row.account.profileId !== profileId))
        throw notFound('Order not found');
      const { account, offer } = await lockAccount(tx, { accountId: row.account.id });
      const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
      if (order?.status !== 'pending' || !order.deliveryDate) throw badRequest(STANDING_MESSAGES.notPending);
      const priced = priceWanted(offer, input);
      const standing = await standingOf(tx, account);
      const owedElse = standing.owedPennies - row.trade.totalPennies;
      if (standing.overdue) throw badRequest(overdueMessage(standing.overdue.number, standing.overdue.dueOn));
      if (owedElse + priced.totalPennies > account.creditLimitPennies)
        throw badRequest(overLimitMessage(owedElse, priced.totalPennies, account.creditLimitPennies));
      const zone = await zoneOf(tx, account);
      const deliveryDate = order.deliveryDate as IsoDate;
      await ordersService.replaceLines(tx, orderId, orderLinesOf(priced), priced.totalPennies, async () => {
        const cookies = priced.lines.reduce((s, l) => s + l.quantity, 0);
        try {
          await bakeDays.reserveDay(tx, deliveryDate, cookies, 'delivery', [], zone);
        } catch (err) {
          // Past the cut-off, the day says "past its cut-off" for a new order; this one is a change.
          const day = await bakeDays.calendar({ exec: tx, zone });
          const cut = day.days.find((d) => d.date === deliveryDate);
          if (!cut || new Date(cut.cutoffAt).getTime() <= clock().getTime())
            throw badRequest(STANDING_MESSAGES.pastCutoff);
          throw err;
        }
      });
      await tx
        .update(tradeOrders)
        .set({
          lines: priced.lines,
          netPennies: priced.netPennies,
          vatPennies: priced.vatPennies,
          totalPennies: priced.totalPennies,
        })
        .where(eq(tradeOrders.orderId, orderId));
      if (profileId === null)
        await recordActivity(tx, {
          kind: 'trade.order-changed',
          record: ['order', orderId],
          before: { lines: row.trade.lines.map((l) => ({ productId: l.productId, quantity: l.quantity })) },
          after: {
            lines: priced.lines.map((l) => ({ productId: l.productId, quantity: l.quantity })),
            totalPennies: priced.totalPennies,
          },
        });
      void actor;
      return { orderId, deliveryDate, priced };
    });
  }

  return {
    /** The order form: the account's priced offer, what it ordered last, its standing and days. */
    async form(userId: string): Promise<{
      account: TradeAccount;
      offer: NonNullable<Awaited<ReturnType<TradeAccountsService['offerFor']>>>['offer'];
      last: Record<string, number>;
      standing: AccountStanding;
      days: BakeDay[];
    } | null> {
      const mine = await trade.offerFor(userId);
      if (!mine) return null;
      // "Same as last order" is the café's own last order, not a standing order's day.
      const [last] = await db
        .select({ lines: tradeOrders.lines })
        .from(tradeOrders)
        .leftJoin(standingOrderRuns, eq(standingOrderRuns.orderId, tradeOrders.orderId))
        .where(and(eq(tradeOrders.accountId, mine.account.id), isNull(standingOrderRuns.id)))
        .orderBy(desc(tradeOrders.createdAt))
        .limit(1);
      const onList = new Set(mine.offer.map((o) => o.productId));
      let days: BakeDay[] = [];
      try {
        days = await bakeDays.choices(1, 'delivery', await zoneOf(db, mine.account));
      } catch {
        days = [];
      }
      return {
        ...mine,
        last: Object.fromEntries(
          (last?.lines ?? []).filter((l) => onList.has(l.productId)).map((l) => [l.productId, l.quantity]),
        ),
        standing: await standingOf(db, mine.account),
        days,
      };
    },

    /** The order priced by the server (the form's "Check order"): nothing is written. */
    async quote(userId: string, input: unknown) {
      const { account, offer } = await mustOffer(userId);
      const priced = priceWanted(offer, input);
      const standing = await standingOf(db, account);
      const refusal = standing.overdue
        ? overdueMessage(standing.overdue.number, standing.overdue.dueOn)
        : standing.owedPennies + priced.totalPennies > account.creditLimitPennies
          ? overLimitMessage(standing.owedPennies, priced.totalPennies, account.creditLimitPennies)
          : null;
      return { priced, refusal };
    },

    /**
     * Places an order on account: priced from the account's list (never the browser), refused
     * when an invoice is overdue or it would go over the credit limit, its day reserved by the
     * bake days' one cut-off and capacity check. All in one transaction under the account's lock,
     * so two orders at once cannot both squeeze under the limit.
     */
    async place(userId: string, input: unknown, actor: Actor) {
      return db.transaction((tx) => placeIn(tx, { profileId: userId }, input, actor));
    },

    placeIn,
    changeQuantities,
    /** The quantities checked against the account's list (case sizes, minimums) and priced. */
    priceLines: priceWanted,
    /** The delivery zone the account's orders go by (its own, or its postcode's). */
    zoneFor: zoneOf,
    standingOf,

    /**
     * The owner marks a trade order delivered: the order is completed through the orders module
     * (its history and e-mail), then its invoice is issued (once, whichever click comes first).
     */
    async deliver(orderId: string, actor: Actor): Promise<number> {
      if (!isUuid(orderId)) throw notFound('Order not found');
      const [row] = await db
        .select({ status: orders.status })
        .from(tradeOrders)
        .innerJoin(orders, eq(orders.id, tradeOrders.orderId))
        .where(eq(tradeOrders.orderId, orderId));
      if (!row) throw badRequest(TRADE_ORDER_MESSAGES.notTrade);
      if (row.status === 'cancelled') throw badRequest(TRADE_ORDER_MESSAGES.cancelled);
      if (row.status !== 'completed')
        await ordersService.setStatus(orderId, 'completed', actor, 'Delivered on account: invoiced');
      return issueInvoice(orderId);
    },

    issueInvoice,

    /**
     * The owner records a bank transfer for an invoice (once): the invoice is paid and the money
     * is taken on its order, in one transaction.
     */
    async markPaid(rawNumber: string | number, actor: Actor): Promise<void> {
      const number = invoiceNumberOf(rawNumber);
      await db.transaction(async (tx) => {
        const [paid] = await tx
          .update(tradeInvoices)
          .set({ paidAt: new Date(), paidBy: 'bank_transfer' })
          .where(and(eq(tradeInvoices.number, number), isNull(tradeInvoices.paidAt)))
          .returning();
        if (!paid) {
          const [seen] = await tx.select().from(tradeInvoices).where(eq(tradeInvoices.number, number));
          throw seen
            ? badRequest(TRADE_ORDER_MESSAGES.alreadyPaid)
            : notFound(TRADE_ORDER_MESSAGES.noInvoice);
        }
        // What arrived is what the invoice still asked: its total less its credit notes.
        const [asked] = await tx
          .select({ credited: creditedOnInvoice })
          .from(tradeInvoices)
          .where(eq(tradeInvoices.number, number));
        await ordersService.recordOnAccountPayment(tx, {
          orderId: paid.orderId,
          reference: `invoice_${number}`,
          pennies: paid.totalPennies - (asked?.credited ?? 0),
          method: 'bank_transfer',
          actor,
        });
        await recordActivity(tx, {
          kind: 'trade.invoice-paid',
          record: ['trade_invoice', String(number)],
          before: { paid: false },
          after: { paid: true, paidBy: 'bank_transfer', totalPennies: paid.totalPennies },
        });
      });
    },

    /** One invoice for the owner. */
    invoice: (rawNumber: string | number) =>
      invoiceWithLines(and(eq(tradeInvoices.number, invoiceNumberOf(rawNumber)))),

    /** One invoice for its own customer only; anyone else's is not found. */
    async invoiceFor(userId: string, rawNumber: string | number) {
      const account = await trade.mine(userId);
      if (!account) throw notFound(TRADE_ORDER_MESSAGES.noInvoice);
      return invoiceWithLines(
        and(eq(tradeInvoices.number, invoiceNumberOf(rawNumber)), eq(tradeInvoices.accountId, account.id)),
      );
    },

    /**
     * The café pays one of its own invoices by card, on the provider's hosted page: its order is
     * asked for what is still owed (the invoice's total), and the page comes back to the invoice.
     * The payment settles the invoice in the transaction that records it (`settleByCard`).
     */
    async payByCard(userId: string, rawNumber: string | number, returnOrigin?: string) {
      const { invoice } = await this.invoiceFor(userId, rawNumber);
      if (invoice.paidAt) throw badRequest(TRADE_ORDER_MESSAGES.alreadyPaid);
      return deps.askCardPayment({
        orderId: invoice.orderId,
        purpose: 'invoice',
        description: `Invoice ${invoiceNumberText(invoice.number)}`,
        returnOrigin,
        returnPath: `/trade/invoices/${invoice.number}`,
      });
    },

    /** An order paid in full by card later: its invoice, if it has one, is paid by card (once). */
    async settleByCard(tx: Tx, orderId: string): Promise<void> {
      await tx
        .update(tradeInvoices)
        .set({ paidAt: new Date(), paidBy: 'card' })
        .where(and(eq(tradeInvoices.orderId, orderId), isNull(tradeInvoices.paidAt)));
    },

    /** The trade customer's invoices, newest first, and what the account owes. */
    async invoicesFor(userId: string) {
      const account = await trade.mine(userId);
      if (account?.status !== 'approved') return null;
      const invoices = await db
        .select()
        .from(tradeInvoices)
        .where(eq(tradeInvoices.accountId, account.id))
        .orderBy(desc(tradeInvoices.number));
      return { account, invoices, standing: await standingOf(db, account), today: today() };
    },

    /** Every invoice for the owner, newest first. */
    async invoices() {
      return db
        .select({ invoice: tradeInvoices })
        .from(tradeInvoices)
        .orderBy(desc(tradeInvoices.number))
        .limit(500);
    },

    /** Orders on account not yet delivered (or delivered but not invoiced), for the owner. */
    async awaitingDelivery() {
      return db
        .select({
          orderId: tradeOrders.orderId,
          businessName: tradeAccounts.businessName,
          status: orders.status,
          deliveryDate: orders.deliveryDate,
          totalPennies: tradeOrders.totalPennies,
          createdAt: tradeOrders.createdAt,
        })
        .from(tradeOrders)
        .innerJoin(orders, eq(orders.id, tradeOrders.orderId))
        .innerJoin(tradeAccounts, eq(tradeAccounts.id, tradeOrders.accountId))
        .leftJoin(tradeInvoices, eq(tradeInvoices.orderId, tradeOrders.orderId))
        .where(and(isNull(tradeInvoices.number), sql`${orders.status} <> 'cancelled'`))
        .orderBy(asc(orders.deliveryDate), asc(tradeOrders.createdAt));
    },

    /** What is owed, by account and by age (days past due): unpaid invoices less their credit notes. */
    async aged(): Promise<{
      accounts: AgedAccount[];
      totals: Record<AgeBucket, number>;
      owedPennies: number;
    }> {
      const rows = await db
        .select({
          accountId: tradeAccounts.id,
          businessName: tradeAccounts.businessName,
          creditLimitPennies: tradeAccounts.creditLimitPennies,
          dueOn: tradeInvoices.dueOn,
          owedPennies: sql<number>`${tradeInvoices.totalPennies} - ${creditedOnInvoice}`.mapWith(Number),
        })
        .from(tradeInvoices)
        .innerJoin(tradeAccounts, eq(tradeAccounts.id, tradeInvoices.accountId))
        .where(isNull(tradeInvoices.paidAt))
        .orderBy(asc(tradeAccounts.businessName));
      const empty = () => Object.fromEntries(AGE_BUCKETS.map((b) => [b, 0])) as Record<AgeBucket, number>;
      const byAccount = new Map<string, AgedAccount>();
      const totals = empty();
      const now = today();
      for (const r of rows) {
        const a = byAccount.get(r.accountId) ?? {
          accountId: r.accountId,
          businessName: r.businessName,
          creditLimitPennies: r.creditLimitPennies,
          buckets: empty(),
          owedPennies: 0,
        };
        const bucket = ageBucket(daysBetween(r.dueOn, now));
        a.buckets[bucket] += r.owedPennies;
        a.owedPennies += r.owedPennies;
        totals[bucket] += r.owedPennies;
        byAccount.set(r.accountId, a);
      }
      const accounts = [...byAccount.values()];
      return { accounts, totals, owedPennies: accounts.reduce((s, a) => s + a.owedPennies, 0) };
    },

    /** The trade order's own priced lines (the invoice's source), for tests and the Xero export. */
    async tradeOrder(orderId: string) {
      if (!isUuid(orderId)) return null;
      const [row] = await db.select().from(tradeOrders).where(eq(tradeOrders.orderId, orderId));
      return row ?? null;
    },

    /** The e-mail of the customer who placed an order on account: where its documents go. */
    async emailOfOrder(tx: Tx, orderId: string): Promise<string> {
      const [row] = await tx
        .select({ profileId: orders.profileId })
        .from(orders)
        .where(eq(orders.id, orderId));
      return row ? emailOf(tx, row.profileId) : '';
    },

    /** Whether these orders are on account (for pages that list orders). */
    async onAccount(orderIds: string[]): Promise<Set<string>> {
      const ids = orderIds.filter(isUuid);
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: tradeOrders.orderId })
        .from(tradeOrders)
        .where(inArray(tradeOrders.orderId, ids));
      return new Set(rows.map((r) => r.id));
    },
  };
}

export type TradeOrdersService = ReturnType<typeof createTradeOrdersService>;
export type { OrderStatus };
