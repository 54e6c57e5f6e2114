import { and, eq, isNull, lte, ne, sql } from 'drizzle-orm';
import { isUuid } from '~/shared/ids';
import { balanceDueOn, QUOTE_EXPIRED, quoteExpired } from '~/shared/made-to-order/made-to-order';
import type { Actor } from '~/shared/orders/actor';
import { orderNumber } from '~/shared/orders/statuses';
import { type IsoDate, londonDate } from '~/shared/time/london-time';
import { recordActivity } from '../activity/activity-log';
import type { BakeDaysService } from '../bake-days/bake-days-service';
import type { Db } from '../db/client';
import {
  madeToOrderEnquiries as enquiries,
  madeToOrderJobs as jobs,
  orders,
  profiles,
  madeToOrderQuotes as quotes,
} from '../db/schema';
import { badRequest, conflict, notFound } from '../errors';
import type { MailService } from '../mail/mail-service';
import { paidStateOf } from '../orders/order-payments';
import type { OrdersService } from '../orders/orders-service';
import type { PartPayments } from '../payments/part-payments';
import { PART_PAYMENT_PAGE_HOURS } from '../payments/part-payments';
import type { UpkeepJob } from '../upkeep/upkeep';
import { balanceDueEmail, quoteAnsweredEmail, type Shop } from './made-to-order-emails';

export const QUOTE_ANSWERED = 'This quote has already been answered.';
export const SIGN_IN_TO_ACCEPT = 'Please sign in (or create an account) to accept the quote and pay.';
export const ADDRESS_NEEDED =
  'Please add your address to your account before accepting: we need it for the order.';
export const JOB_NOT_FOUND = 'This quote has no order yet.';
/** Days after the balance e-mail that its reminder goes, if the balance is still owed. */
export const BALANCE_REMINDER_DAYS = 3;

export interface MadeToOrderJobsDeps {
  db: Db;
  mail: MailService;
  orders: OrdersService;
  bakeDays: BakeDaysService;
  partPayments: PartPayments;
  providerName: 'test' | 'stripe';
  shop: () => Shop;
  publicUrl: string;
  clock?: () => Date;
}

/**
 * What follows a made-to-order quote's acceptance (decision 088): the order it becomes, its
 * deposit and balance taken on the provider's hosted page through the part payments, the
 * balance e-mails, and cancelling with the deposit kept or refunded.
 */
export function createMadeToOrderJobs(deps: MadeToOrderJobsDeps) {
  const { db, mail, orders: ordersService, bakeDays, partPayments, shop, publicUrl } = deps;
  const clock = deps.clock ?? (() => new Date());
  const today = () => londonDate(clock());
  /** A balance e-mailed before this instant, and still owed, gets its reminder. */
  const remindBefore = () => new Date(clock().getTime() - BALANCE_REMINDER_DAYS * 86_400_000);

  async function jobByToken(token: string) {
    if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) throw notFound('Quote not found');
    const [row] = await db
      .select({ job: jobs, quote: quotes, enquiry: enquiries, order: orders })
      .from(quotes)
      .innerJoin(enquiries, eq(enquiries.id, quotes.enquiryId))
      .leftJoin(jobs, eq(jobs.quoteId, quotes.id))
      .leftJoin(orders, eq(orders.id, jobs.orderId))
      .where(eq(quotes.token, token));
    if (!row) throw notFound('Quote not found');
    return row;
  }

  /** Opens the hosted page for what is owed next: the deposit until it is taken, then the balance. */
  async function askNext(orderId: string, quote: typeof quotes.$inferSelect, returnOrigin?: string) {
    const state = (await paidStateOf(db, orderId))!;
    const number = orderNumber(orderId);
    if (quote.depositPennies > 0 && state.takenPennies === 0)
      return partPayments.ask({
        orderId,
        purpose: 'deposit',
        amountPennies: quote.depositPennies,
        description: `Deposit for order ${number}`,
        returnOrigin,
        returnPath: `/made-to-order/quotes/${quote.token}?paid=deposit`,
      });
    return partPayments.ask({
      orderId,
      purpose: 'balance',
      description: `Balance for order ${number}`,
      returnOrigin,
      returnPath: `/made-to-order/quotes/${quote.token}?paid=balance`,
    });
  }

  const service = {
    /**
     * The customer accepts: under the quote's lock, an answered or expired quote is refused; the
     * day's capacity for the job's cookies is checked and held under the day's lock (the bake
     * days' one check, so two acceptances can never both take the last place); a pending order
     * is written for the quote's total. Then the hosted page opens for the deposit (or the whole
     * amount when there is none). An unpaid page expires and cancels the order, freeing the day.
     */
    async accept(
      token: string,
      userId: string | null,
      returnOrigin?: string,
    ): Promise<{ url: string; orderId: string }> {
      if (!userId) throw badRequest(SIGN_IN_TO_ACCEPT);
      const found = await jobByToken(token);
      const orderId = await db.transaction(async (tx) => {
        const [q] = await tx.select().from(quotes).where(eq(quotes.id, found.quote.id)).for('update');
        if (q?.status !== 'sent') throw conflict(QUOTE_ANSWERED);
        if (quoteExpired(q.validUntil, today())) throw badRequest(QUOTE_EXPIRED);
        const [profile] = await tx.select().from(profiles).where(eq(profiles.id, userId));
        if (!profile) throw badRequest(SIGN_IN_TO_ACCEPT);
        const e = found.enquiry;
        if (e.fulfilment === 'delivery' && (!profile.address || !profile.postcode))
          throw badRequest(ADDRESS_NEEDED);
        const date = await bakeDays.reserveQuotedDay(tx, e.dateWanted as IsoDate, q.cookies, e.fulfilment);
        const { orderId } = await ordersService.place(
          tx,
          {
            profileId: userId,
            ship: {
              name: profile.fullName || e.name,
              phone: profile.phone,
              address: profile.address,
              city: profile.city,
              postcode: profile.postcode,
              gift: null,
            },
            // One line for the job: its cookies are what the day's capacity counts.
            lines: [
              {
                productId: null,
                name: `Made to order: ${e.occasion}`,
                unitPricePennies: q.subtotalPennies,
                quantity: 1,
                vatRate: 0,
                cookiesEach: q.cookies,
              },
            ],
            fulfilment: e.fulfilment,
            discountCode: null,
            priced: {
              subtotalPennies: q.subtotalPennies,
              discountPennies: 0,
              deliveryPennies: q.deliveryPennies,
              deliveryWaivedPennies: 0,
              totalPennies: q.totalPennies,
              vat: [{ rate: 0, gross_pennies: q.totalPennies, vat_pennies: 0 }],
              freeDeliveryShortfallPennies: null,
              minimumShortfallPennies: null,
            },
            provider: deps.providerName,
            paymentExpiresAt: new Date(clock().getTime() + PART_PAYMENT_PAGE_HOURS * 3_600_000),
            deliveryDate: date,
          },
          { type: 'customer', id: userId, name: profile.fullName || e.name },
        );
        await tx.update(quotes).set({ status: 'accepted', decidedAt: clock() }).where(eq(quotes.id, q.id));
        await tx.update(enquiries).set({ status: 'accepted' }).where(eq(enquiries.id, q.enquiryId));
        await tx.insert(jobs).values({
          quoteId: q.id,
          orderId,
          balanceDueOn: balanceDueOn(e.dateWanted, q.balanceDaysBefore),
        });
        await mail.enqueue(
          quoteAnsweredEmail(shop(), publicUrl, {
            id: q.id,
            enquiryId: q.enquiryId,
            name: e.name,
            email: e.email,
            totalPennies: q.totalPennies,
            accepted: true,
          }),
          tx,
        );
        return orderId;
      });
      const page = await askNext(orderId, { ...found.quote, status: 'accepted' }, returnOrigin);
      return { url: page.url, orderId };
    },

    /**
     * The quote's payment link (the balance e-mail's, and the quote page's "Pay"): the hosted
     * page for what is owed next. Paid in full, cancelled or not yet accepted: refused, nothing changed.
     */
    async pay(token: string, returnOrigin?: string): Promise<{ url: string }> {
      const found = await jobByToken(token);
      if (!found.job || !found.order) throw badRequest(JOB_NOT_FOUND);
      const page = await askNext(found.order.id, found.quote, returnOrigin);
      return { url: page.url };
    },

    /** Whether an order is a made-to-order job (its admin page offers the job's cancel). */
    async isJob(orderId: string): Promise<boolean> {
      if (!isUuid(orderId)) return false;
      const [row] = await db.select({ id: jobs.orderId }).from(jobs).where(eq(jobs.orderId, orderId));
      return !!row;
    },

    /** The job of a quote, for its page: the order and what has been paid of it. */
    async stateByToken(token: string) {
      const found = await jobByToken(token);
      if (!found.job || !found.order) return null;
      const paid = (await paidStateOf(db, found.order.id))!;
      return {
        orderId: found.order.id,
        number: orderNumber(found.order.id),
        status: found.order.status,
        balanceDueOn: found.job.balanceDueOn as IsoDate,
        ...paid,
      };
    },

    /**
     * E-mails each job's balance link once when it falls due (`balance_due_on`, London's
     * today), and once more as a reminder BALANCE_REMINDER_DAYS after that e-mail if it is still owed. Each
     * job is claimed under its row lock (skip locked, so instances share the work) and each
     * e-mail has its own dedupe key: never twice.
     */
    async sweepBalances(onlyOrderId?: string): Promise<number> {
      const now = today();
      const due = await db
        .select({ job: jobs, quote: quotes, enquiry: enquiries })
        .from(jobs)
        .innerJoin(orders, eq(orders.id, jobs.orderId))
        .innerJoin(quotes, eq(quotes.id, jobs.quoteId))
        .innerJoin(enquiries, eq(enquiries.id, quotes.enquiryId))
        .where(
          and(
            lte(jobs.balanceDueOn, now),
            onlyOrderId ? eq(jobs.orderId, onlyOrderId) : undefined,
            isNull(orders.paidAt),
            ne(orders.status, 'cancelled'),
            ne(orders.status, 'pending'),
            sql`(${jobs.balanceEmailedAt} is null or (${jobs.balanceRemindedAt} is null and ${jobs.balanceEmailedAt} <= ${remindBefore()}))`,
          ),
        )
        .limit(100);
      let sent = 0;
      for (const d of due) {
        const wasSent = await db.transaction(async (tx) => {
          const [job] = await tx
            .select()
            .from(jobs)
            .where(eq(jobs.quoteId, d.job.quoteId))
            .for('update', { skipLocked: true });
          if (!job) return false;
          const reminder = job.balanceEmailedAt !== null;
          if (reminder && (job.balanceRemindedAt || job.balanceEmailedAt! > remindBefore())) return false;
          const state = (await paidStateOf(tx, job.orderId))!;
          if (state.owedPennies <= 0) return false;
          await mail.enqueue(
            balanceDueEmail(shop(), publicUrl, {
              orderId: job.orderId,
              orderNumber: orderNumber(job.orderId),
              token: d.quote.token,
              name: d.enquiry.name,
              email: d.enquiry.email,
              balancePennies: state.owedPennies,
              paidState: state.text ?? 'Nothing has been paid yet',
              dueOn: job.balanceDueOn as IsoDate,
              dateWanted: d.enquiry.dateWanted as IsoDate,
              reminder,
            }),
            tx,
          );
          await tx
            .update(jobs)
            .set(reminder ? { balanceRemindedAt: clock() } : { balanceEmailedAt: clock() })
            .where(eq(jobs.quoteId, job.quoteId));
          return true;
        });
        if (wasSent) sent++;
      }
      return sent;
    },

    /**
     * A job whose balance is already due when its deposit is paid (a date close at hand) gets its
     * balance e-mail as the customer comes back from the deposit page, not at the next sweep: the
     * sweep's own claim and dedupe key keep it to one.
     */
    async balanceDueNow(token: string): Promise<void> {
      const found = await jobByToken(token);
      if (found.job) await service.sweepBalances(found.job.orderId);
    },

    /** Its background upkeep: balances e-mailed when due, and their reminders, every 15 minutes. */
    upkeepJobs(): UpkeepJob[] {
      return [{ name: 'balance sweep', everyMs: 15 * 60_000, run: () => service.sweepBalances() }];
    },

    /**
     * The owner cancels a made-to-order job and chooses what happens to the money taken: kept
     * (the deposit pays for work begun) or refunded through the provider like any refund. The
     * choice is written in the order's history (the cancel's note) and the activity log.
     */
    async cancel(orderId: string, input: { deposit: unknown; requestKey: string }, actor: Actor) {
      if (!isUuid(orderId)) throw notFound('Order not found');
      const choice = input.deposit === 'refund' ? 'refunded' : input.deposit === 'keep' ? 'kept' : null;
      if (!choice)
        throw badRequest('Choose whether to keep or refund the deposit.', { deposit: 'Choose one' });
      const [job] = await db.select().from(jobs).where(eq(jobs.orderId, orderId));
      if (!job) throw notFound('This order is not a made-to-order job.');
      const state = (await paidStateOf(db, orderId))!;
      const note =
        state.takenPennies === 0
          ? 'Made-to-order job cancelled: nothing had been paid'
          : choice === 'kept'
            ? `Made-to-order job cancelled: ${state.text}; the money taken is kept`
            : `Made-to-order job cancelled: ${state.text}; the money taken is refunded`;
      await ordersService.setStatus(orderId, 'cancelled', actor, note);
      if (choice === 'refunded' && state.takenPennies > 0)
        await ordersService.refund(
          orderId,
          {
            amountPennies: null,
            reason: 'Made-to-order job cancelled',
            requestKey: `mto-cancel:${input.requestKey}`,
          },
          actor,
        );
      await db.transaction(async (tx) => {
        await tx.update(jobs).set({ depositOnCancel: choice }).where(eq(jobs.orderId, orderId));
        await recordActivity(tx, {
          kind: 'made-to-order.cancel',
          record: ['order', orderId],
          after: { deposit: choice, taken_pennies: state.takenPennies },
        });
      });
      return { choice };
    },
  };
  return service;
}

export type MadeToOrderJobs = ReturnType<typeof createMadeToOrderJobs>;
