import { and, eq, gt, isNull } from 'drizzle-orm';
import { isUuid } from '~/shared/ids';
import { formatPence } from '~/shared/money/money';
import type { PartPaymentPurpose } from '~/shared/orders/paid-state';
import { emailOf } from '../account/customers';
import type { Db, Tx } from '../db/client';
import { orderPaymentRequests, orders } from '../db/schema';
import { badRequest, notFound } from '../errors';
import { servedOrigin } from '../http/served-origin';
import { stillOwed } from '../orders/order-money';
import type { PaymentProvider } from './payment-provider';

/** How long a part payment's hosted page takes payment (Stripe's longest is 24 hours). */
export const PART_PAYMENT_PAGE_HOURS = 23;

export const NOTHING_OWED = 'This order is paid in full: nothing more is owed.';
export const ORDER_CANCELLED = 'This order is cancelled, so it takes no payment.';
export const owedAtMost = (owed: number) => `At most ${formatPence(owed)} is owed on this order.`;

/** The open request a session belongs to (the test page charges its amount, not the total). */
export async function requestForSession(exec: Db | Tx, sessionId: string) {
  const [row] = await exec
    .select()
    .from(orderPaymentRequests)
    .where(eq(orderPaymentRequests.sessionId, sessionId));
  return row ?? null;
}

/**
 * Asks for an amount owed on an existing order on the provider's hosted page: a deposit, or the
 * balance (what is still owed, when no amount is given). The amount is checked against what is
 * owed under the order's lock; an open page for the same purpose and amount is handed back
 * rather than a second one opened. The page's session becomes the order's current payment
 * session, so the provider's confirmation (webhook, test page, success page) records it through
 * `recordPayment` like any order's payment, exactly once.
 */
export function createPartPayments(
  db: Db,
  provider: PaymentProvider,
  /** The shop's own address: a page comes back only to an origin the shop serves. */
  publicUrl: string,
  clock: () => Date = () => new Date(),
) {
  return {
    async ask(input: {
      orderId: string;
      purpose: PartPaymentPurpose;
      amountPennies?: number;
      description: string;
      returnOrigin?: string;
      /** Where the customer comes back to, paid or not (the checkout's pages when absent). */
      returnPath?: string;
    }): Promise<{ url: string; sessionId: string; amountPennies: number }> {
      if (!isUuid(input.orderId)) throw notFound('Order not found');
      const asked = await db.transaction(async (tx) => {
        const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for('update');
        if (!order) throw notFound('Order not found');
        if (order.status === 'cancelled') throw badRequest(ORDER_CANCELLED);
        const owed = await stillOwed(tx, order);
        if (owed <= 0) throw badRequest(NOTHING_OWED);
        const amount = input.amountPennies ?? owed;
        if (!Number.isInteger(amount) || amount <= 0) throw badRequest('The amount must be more than £0.00.');
        if (amount > owed) throw badRequest(owedAtMost(owed));
        const [open] = await tx
          .select()
          .from(orderPaymentRequests)
          .where(
            and(
              eq(orderPaymentRequests.orderId, order.id),
              eq(orderPaymentRequests.purpose, input.purpose),
              eq(orderPaymentRequests.amountPennies, amount),
              isNull(orderPaymentRequests.paidAt),
              gt(orderPaymentRequests.expiresAt, new Date(clock().getTime() + 30 * 60_000)),
            ),
          )
          .limit(1);
        if (open?.url && open.sessionId)
          return { reuse: true as const, url: open.url, sessionId: open.sessionId, amount, order };
        const [row] = await tx
          .insert(orderPaymentRequests)
          .values({
            orderId: order.id,
            purpose: input.purpose,
            amountPennies: amount,
            returnPath: input.returnPath ?? null,
          })
          .returning({ id: orderPaymentRequests.id });
        return { reuse: false as const, id: row!.id, amount, order };
      });
      if (asked.reuse) return { url: asked.url, sessionId: asked.sessionId, amountPennies: asked.amount };
      const expiresAt = new Date(clock().getTime() + PART_PAYMENT_PAGE_HOURS * 3_600_000);
      const session = await provider.createSession({
        orderId: asked.order.id,
        expiresAt,
        customerEmail: asked.order.shipName ? await emailOf(db, asked.order.profileId) : '',
        lines: [{ name: input.description, unitPricePennies: asked.amount, quantity: 1 }],
        discount: null,
        deliveryFeePennies: 0,
        totalPennies: asked.amount,
        deliveryDate: asked.order.deliveryDate,
        fulfilment: asked.order.fulfilment,
        returnOrigin: servedOrigin(input.returnOrigin, publicUrl),
        returnPath: input.returnPath,
      });
      await db.transaction(async (tx) => {
        await tx
          .update(orderPaymentRequests)
          .set({ sessionId: session.sessionId, url: session.url, expiresAt })
          .where(eq(orderPaymentRequests.id, asked.id));
        // The newest page is the order's payment session: confirmations find the order by it.
        await tx
          .update(orders)
          .set({ paymentSessionId: session.sessionId, paymentUrl: session.url })
          .where(eq(orders.id, asked.order.id));
      });
      return { url: session.url, sessionId: session.sessionId, amountPennies: asked.amount };
    },
  };
}

export type PartPayments = ReturnType<typeof createPartPayments>;
