import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '~/server/db/schema';
import { createLogger } from '~/server/logger';
import { createMailService } from '~/server/mail/mail-service';
import { MAX_ATTEMPTS } from '~/server/mail/outbox';
import { checkoutAs, payTestSession } from '~/test/checkout';
import { createProduct, createUser } from '~/test/factories';
import { createTestApp, type TestApp } from '~/test/test-app';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMITS: 'false' } });
  ({ cookie } = await createUser(t));
});
afterAll(() => t?.close());

/** A counter's value as a scrape shows it. */
async function figure(name: string): Promise<number> {
  const line = (await t.services.metrics.text()).split('\n').find((l) => l.startsWith(`${name} `));
  return Number(line?.split(' ')[1]);
}

async function counts() {
  return {
    placed: await figure('shop_orders_placed_total'),
    paid: await figure('shop_orders_paid_total'),
    refunds: await figure('shop_order_refunds_total'),
    refundedPence: await figure('shop_order_refunded_pence_total'),
    queued: await figure('shop_emails_queued_total'),
  };
}

async function checkout() {
  const p = await createProduct(t.services, { name: 'Ginger Snap', pricePennies: 300 });
  return checkoutAs(t, cookie, { items: [{ product_id: p.id, quantity: 2 }] });
}

describe('the business counters on GET /metrics', () => {
  it('count an order placed, paid (with its two e-mails) and refunded', async () => {
    const before = await counts();
    const { sessionId, orderId } = await checkout();
    expect(await counts()).toEqual({ ...before, placed: before.placed + 1 });

    const paid = await payTestSession(t, sessionId);
    expect(paid.status).toBe(200);
    // The confirmation to the customer and the owner's new-order alert.
    expect(await counts()).toEqual({
      ...before,
      placed: before.placed + 1,
      paid: before.paid + 1,
      queued: before.queued + 2,
    });

    // Paying again changes nothing.
    await payTestSession(t, sessionId);
    expect(await figure('shop_orders_paid_total')).toBe(before.paid + 1);

    const owner = { type: 'admin', id: 'owner', name: 'Owner' } as const;
    const refund = { amountPennies: 250, reason: 'One was broken', requestKey: `refund-${orderId}` };
    await t.services.orders.refund(orderId, refund, owner);
    // The same request again is the same refund.
    await t.services.orders.refund(orderId, refund, owner);
    expect(await counts()).toEqual({
      placed: before.placed + 1,
      paid: before.paid + 1,
      refunds: before.refunds + 1,
      refundedPence: before.refundedPence + 250,
      queued: before.queued + 3, // and the refund's e-mail
    });
  });

  it('count an order placed but never paid only as placed', async () => {
    const before = await counts();
    await checkout();
    expect(await counts()).toEqual({ ...before, placed: before.placed + 1 });
  });

  it('count an e-mail queued once, each refused delivery, and one given up after its last attempt', async () => {
    await t.services.mail.deliverDue(); // everything queued so far goes out
    const email = {
      dedupeKey: 'counters-test-1',
      kind: 'contact',
      to: 'nobody@example.com',
      subject: 'Hello',
      text: 'Hello',
      html: '<p>Hello</p>',
    };
    const queuedBefore = await figure('shop_emails_queued_total');
    await t.services.mail.enqueue(email);
    await t.services.mail.enqueue(email); // the same e-mail again is not queued twice
    expect(await figure('shop_emails_queued_total')).toBe(queuedBefore + 1);

    // A worker whose mail server refuses everything, counting into the shop's counters.
    const refusing = createMailService(
      t.services.config,
      t.services.db,
      createLogger(t.services.config),
      {
        mode: 'smtp',
        async send() {
          throw new Error('550 5.1.1 Mailbox unavailable');
        },
        close() {},
      },
      t.services.counters,
    );
    const failuresBefore = await figure('shop_email_delivery_failures_total');
    const failedBefore = await figure('shop_emails_failed_total');
    await refusing.deliverDue();
    expect(await figure('shop_email_delivery_failures_total')).toBe(failuresBefore + 1);
    expect(await figure('shop_emails_failed_total')).toBe(failedBefore);

    // Its last attempt, without waiting out the back-off.
    await t.services.db
      .update(emailOutbox)
      .set({ attempts: MAX_ATTEMPTS - 1, nextAttemptAt: sql`now()` })
      .where(eq(emailOutbox.dedupeKey, email.dedupeKey));
    await refusing.deliverDue();
    await refusing.stop();
    const [row] = await t.services.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, email.dedupeKey));
    expect(row!.status).toBe('failed');
    expect(await figure('shop_email_delivery_failures_total')).toBe(failuresBefore + 2);
    expect(await figure('shop_emails_failed_total')).toBe(failedBefore + 1);
  });
});
