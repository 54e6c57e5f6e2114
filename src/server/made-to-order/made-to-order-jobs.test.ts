import { and, count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, orderPayments, orderStatusHistory, orders } from '~/server/db/schema';
import { earliestWanted, QUOTE_EXPIRED } from '~/shared/made-to-order/made-to-order';
import { adminActor } from '~/shared/orders/actor';
import { orderStatusLabel } from '~/shared/orders/statuses';
import { STAFF_MAY_NOT_CANCEL_PAID } from '~/shared/staff/back-office-access';
import { addDays, londonDate } from '~/shared/time/london-time';
import { everyDayTemplate } from '~/test/bake-days';
import { createUser, nextTestIp } from '~/test/factories';
import { createTestApp, type TestApp } from '~/test/test-app';
import { paidStateOf } from '../orders/order-payments';
import { createPartPayments, NOTHING_OWED } from '../payments/part-payments';
import { TEST_CARDS, TEST_EVENTS } from '../payments/test-provider';
import { createMadeToOrderJobs, QUOTE_ANSWERED } from './made-to-order-jobs';

let t: TestApp;
let customer: Awaited<ReturnType<typeof createUser>>;
let owner: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMITS: 'false' } });
  await t.services.bakeDays.saveTemplate(everyDayTemplate());
  customer = await createUser(t);
  owner = await createUser(t, { staffRole: 'owner' });
});
afterAll(() => t?.close());

const today = () => londonDate(new Date());
const mto = () => t.services.madeToOrder;
const jobs = () => t.services.madeToOrderJobs;
const card = { cardNumber: TEST_CARDS.success, expiry: '12 / 40', cvc: '123', name: 'Anna Smith' };
const sessionOf = (url: string) => url.split('/').pop()!;
let seq = 0;

/** The jobs service as it would run on another day (the balance sweep, an expired quote). */
const jobsOn = (date: string) =>
  createMadeToOrderJobs({
    db: t.services.db,
    mail: t.services.mail,
    orders: t.services.orders,
    bakeDays: t.services.bakeDays,
    partPayments: createPartPayments(t.services.db, t.services.payments.provider, t.origin),
    providerName: 'test',
    shop: () => t.services.config.shop,
    publicUrl: t.services.config.publicUrl,
    clock: () => new Date(`${date}T10:00:00Z`),
  });

/** An enquiry for `daysAhead` and its quote: 150 cookies at 80p = £120.00, the deposit as given. */
let day = 20;
async function quoted(over: Record<string, unknown> = {}, daysAhead = day++) {
  const dateWanted = addDays(earliestWanted(today()), daysAhead - 14);
  const { id } = await mto().enquire(
    {
      fields: {
        occasion: 'Wedding',
        dateWanted,
        fulfilment: 'delivery',
        quantity: '150',
        wording: 'Anna & Tom',
        designNotes: 'Ivory and gold',
        name: 'Anna Smith',
        email: `anna-job${seq++}@example.com`,
      },
      pictures: [],
    },
    nextTestIp(),
  );
  const quote = await mto().sendQuote(id, {
    lines: [{ description: 'Iced wedding favour', quantity: '150', unitPrice: '0.80' }],
    delivery: '0.00',
    depositKind: 'percent',
    depositValue: '50',
    balanceDaysBefore: '7',
    validUntil: addDays(today(), 7),
    cookies: '150',
    message: '',
    ...over,
  });
  return { quote, dateWanted };
}

const paymentsOf = async (orderId: string) =>
  (
    await t.services.db.select({ n: count() }).from(orderPayments).where(eq(orderPayments.orderId, orderId))
  )[0]!.n;
const orderRow = async (orderId: string) =>
  (await t.services.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;

describe('an accepted quote', () => {
  it('becomes an order whose deposit, then balance, are taken on the hosted page: "Deposit paid", then "Paid in full"', async () => {
    const { quote, dateWanted } = await quoted();
    const revenue = async () => (await t.services.orders.totals()).total_revenue_pennies;
    const weekRevenue = async () => (await t.services.orders.sales()).days.at(-1)!.revenue_pennies;
    const before = { total: await revenue(), today: await weekRevenue() };
    const { url, orderId } = await jobs().accept(quote.token, customer.userId);
    expect(await revenue()).toBe(before.total);
    expect(url).toContain('/pay/test/');
    // Nothing is taken yet: the order waits for its deposit, and no revenue is counted.
    expect((await paidStateOf(t.services.db, orderId))!.text).toBeNull();
    expect((await orderRow(orderId)).status).toBe('pending');
    const page = await t.services.payments.getTestPayment(sessionOf(url));
    expect(page.totalPennies).toBe(6000);

    await t.services.payments.payTestSession(sessionOf(url), card);
    let state = (await paidStateOf(t.services.db, orderId))!;
    expect(state.text).toBe('Deposit paid £60.00 of £120.00');
    let row = await orderRow(orderId);
    expect(row.status).toBe('paid');
    expect(row.paidAt).toBeNull();
    // Its badge never says "Paid" for a deposit.
    expect(orderStatusLabel({ status: row.status, paid_at: null })).toBe('Part paid');
    // Cancelling would give the deposit back: shop staff may not, as for any order with money taken.
    const staff = { type: 'admin' as const, id: 'staff-1', name: 'Sam', role: 'staff' as const };
    await expect(t.services.orders.setStatus(orderId, 'cancelled', staff)).rejects.toSatisfy(
      (e) => (e as Error).message === STAFF_MAY_NOT_CANCEL_PAID,
    );
    expect((await orderRow(orderId)).status).toBe('paid');
    expect(row.deliveryDate).toBe(dateWanted);
    // Revenue counts the deposit taken, never the balance promised.
    expect(await revenue()).toBe(before.total + 6000);
    expect(await weekRevenue()).toBe(before.today + 6000);

    // The test page's payment replayed, and the webhook's event replayed: nothing changes.
    await t.services.payments.payTestSession(sessionOf(url), card);
    const replay = {
      eventId: `test_evt_${sessionOf(url).slice('test_cs_'.length)}`,
      eventType: TEST_EVENTS.paid,
      action: {
        kind: 'paid' as const,
        payment: {
          sessionId: sessionOf(url),
          orderId,
          paymentIntentId: null,
          amount: { pennies: 6000, currency: 'gbp' },
        },
      },
    };
    expect(await t.services.payments.act(replay)).toBe('duplicate_event');
    expect(await paymentsOf(orderId)).toBe(1);

    // The balance e-mail goes once when it falls due (7 days before), however often the sweep runs.
    const dueOn = addDays(dateWanted, -7);
    expect(await jobsOn(addDays(dueOn, -1)).sweepBalances()).toBe(0);
    await jobsOn(dueOn).sweepBalances();
    await jobsOn(dueOn).sweepBalances();
    const mails = await t.services.db
      .select()
      .from(emailOutbox)
      .where(like(emailOutbox.dedupeKey, `made-to-order:balance:%:${orderId}`));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toMatch(/^anna-job/);
    expect(mails[0]!.text).toContain('Deposit paid £60.00 of £120.00');
    expect(mails[0]!.text).toContain('The balance of £60.00 is due');
    const link = /\/made-to-order\/quotes\/([\w-]+)\/pay/.exec(mails[0]!.text)!;
    expect(link[1]).toBe(quote.token);

    // A reminder goes once, 3 days after the first e-mail, while the balance is still owed.
    await jobsOn(addDays(dueOn, 2)).sweepBalances();
    expect(
      await t.services.db
        .select()
        .from(emailOutbox)
        .where(like(emailOutbox.dedupeKey, `made-to-order:balance:%:${orderId}`)),
    ).toHaveLength(1);
    await jobsOn(addDays(dueOn, 3)).sweepBalances();
    await jobsOn(addDays(dueOn, 4)).sweepBalances();
    const withReminder = await t.services.db
      .select()
      .from(emailOutbox)
      .where(like(emailOutbox.dedupeKey, `made-to-order:balance:%:${orderId}`));
    expect(withReminder).toHaveLength(2);

    const balance = await jobs().pay(quote.token);
    expect((await t.services.payments.getTestPayment(sessionOf(balance.url))).totalPennies).toBe(6000);
    await t.services.payments.payTestSession(sessionOf(balance.url), card);
    state = (await paidStateOf(t.services.db, orderId))!;
    expect(state.text).toBe('Paid in full');
    row = await orderRow(orderId);
    expect(row.status).toBe('paid');
    expect(row.paidAt).not.toBeNull();
    expect(row.flags).toEqual([]);
    expect(await revenue()).toBe(before.total + 12000);
    expect(await weekRevenue()).toBe(before.today + 12000);

    // The balance's webhook replayed, and paying again: refused or nothing changed.
    await t.services.payments.payTestSession(sessionOf(balance.url), card);
    expect(
      await t.services.payments.act({
        eventId: `test_evt_${sessionOf(balance.url).slice('test_cs_'.length)}`,
        eventType: TEST_EVENTS.paid,
        action: {
          kind: 'paid',
          payment: {
            sessionId: sessionOf(balance.url),
            orderId,
            paymentIntentId: null,
            amount: { pennies: 6000, currency: 'gbp' },
          },
        },
      }),
    ).toBe('duplicate_event');
    await expect(jobs().pay(quote.token)).rejects.toMatchObject({ status: 400, message: NOTHING_OWED });
    expect(await paymentsOf(orderId)).toBe(2);
    // No balance e-mail for an order paid in full.
    await jobsOn(addDays(dueOn, 5)).sweepBalances();
  });

  it('e-mails the customer what has been paid: the confirmation after the deposit, "Paid in full" after the balance', async () => {
    const { quote } = await quoted();
    const { url, orderId } = await jobs().accept(quote.token, customer.userId);
    const mailsOf = async (kind: string) =>
      t.services.db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.kind, kind), like(emailOutbox.dedupeKey, `%${orderId}`)));
    expect(await mailsOf('order-confirmation')).toHaveLength(0);
    await t.services.payments.payTestSession(sessionOf(url), card);
    const [confirmation] = await mailsOf('order-confirmation');
    expect(confirmation!.to).toBe(customer.email);
    expect(confirmation!.text).toContain('We have received your deposit');
    expect(confirmation!.text).toContain('Payment: Deposit paid £60.00 of £120.00');
    expect(confirmation!.html).toContain('Deposit paid £60.00 of £120.00');
    const [alert] = await mailsOf('order-alert');
    expect(alert!.text).toContain('Payment: Deposit paid £60.00 of £120.00');
    expect(await mailsOf('order-paid-in-full')).toHaveLength(0);

    await t.services.payments.payTestSession(sessionOf((await jobs().pay(quote.token)).url), card);
    const [paidUp] = await mailsOf('order-paid-in-full');
    expect(paidUp!.subject).toContain('is paid in full');
    expect(paidUp!.text).toContain('Payment: Paid in full');
    expect(paidUp!.text).not.toContain('Deposit paid');
    // The confirmation went once: the balance is not a second order.
    expect(await mailsOf('order-confirmation')).toHaveLength(1);
  });

  it('with no deposit takes the whole amount on acceptance', async () => {
    const { quote } = await quoted({ depositKind: 'none', depositValue: '' });
    const { url, orderId } = await jobs().accept(quote.token, customer.userId);
    expect((await t.services.payments.getTestPayment(sessionOf(url))).totalPennies).toBe(12000);
    await t.services.payments.payTestSession(sessionOf(url), card);
    expect((await paidStateOf(t.services.db, orderId))!.text).toBe('Paid in full');
    expect((await orderRow(orderId)).paidAt).not.toBeNull();
  });

  it('is refused when expired, declined or already accepted, and nothing is made', async () => {
    const before = (await t.services.db.select({ n: count() }).from(orders))[0]!.n;
    const { quote } = await quoted();
    await expect(jobsOn(addDays(today(), 8)).accept(quote.token, customer.userId)).rejects.toMatchObject({
      status: 400,
      message: QUOTE_EXPIRED,
    });
    const declined = (await quoted()).quote;
    await mto().declineQuote(declined.token);
    await expect(jobs().accept(declined.token, customer.userId)).rejects.toMatchObject({
      status: 409,
      message: QUOTE_ANSWERED,
    });
    expect((await t.services.db.select({ n: count() }).from(orders))[0]!.n).toBe(before);
    await jobs().accept(quote.token, customer.userId);
    await expect(jobs().accept(quote.token, customer.userId)).rejects.toMatchObject({ status: 409 });
    expect((await t.services.db.select({ n: count() }).from(orders))[0]!.n).toBe(before + 1);
  });

  it('never books more cookies than the day holds: two acceptances race for its last place', async () => {
    const a = await quoted({}, 60);
    const b = await quoted({}, 60);
    await t.services.bakeDays.setOverride({ date: a.dateWanted, closed: false, capacityCookies: 200 });
    const results = await Promise.allSettled([
      jobs().accept(a.quote.token, customer.userId),
      jobs().accept(b.quote.token, customer.userId),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ status: 400 });
    const onDay = await t.services.db
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.deliveryDate, a.dateWanted)));
    expect(onDay[0]!.n).toBe(1);
  });
});

describe('cancelling a made-to-order job', () => {
  const actor = () => adminActor({ id: owner.userId, name: 'Owner', staffRole: 'owner' });
  async function depositPaid() {
    const { quote } = await quoted();
    const { url, orderId } = await jobs().accept(quote.token, customer.userId);
    await t.services.payments.payTestSession(sessionOf(url), card);
    return orderId;
  }
  const historyNotes = async (orderId: string) =>
    (
      await t.services.db
        .select({ note: orderStatusHistory.note })
        .from(orderStatusHistory)
        .where(eq(orderStatusHistory.orderId, orderId))
    ).map((r) => r.note);

  it('keeps the deposit when the owner chooses to, and says so in the history', async () => {
    const orderId = await depositPaid();
    await jobs().cancel(orderId, { deposit: 'keep', requestKey: 'k1' }, actor());
    const detail = await t.services.orders.getForAdmin(orderId);
    expect(detail.status).toBe('cancelled');
    expect(detail.refunds).toHaveLength(0);
    expect(await historyNotes(orderId)).toContain(
      'Made-to-order job cancelled: Deposit paid £60.00 of £120.00; the money taken is kept',
    );
  });

  it('refunds the deposit through the provider when the owner chooses to', async () => {
    const orderId = await depositPaid();
    await jobs().cancel(orderId, { deposit: 'refund', requestKey: 'k2' }, actor());
    const detail = await t.services.orders.getForAdmin(orderId);
    expect(detail.status).toBe('cancelled');
    expect(detail.refunds.map((r) => r.amount_pennies)).toEqual([6000]);
    expect(await historyNotes(orderId)).toContain(
      'Made-to-order job cancelled: Deposit paid £60.00 of £120.00; the money taken is refunded',
    );
  });

  it('asks for a choice, changing nothing without one', async () => {
    const orderId = await depositPaid();
    await expect(
      jobs().cancel(orderId, { deposit: 'maybe', requestKey: 'k3' }, actor()),
    ).rejects.toMatchObject({
      status: 400,
    });
    expect((await orderRow(orderId)).status).toBe('paid');
  });
});
