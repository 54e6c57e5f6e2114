import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deliveries,
  emailOutbox,
  orderItems,
  orderPayments,
  orders,
  tradeInvoiceLines,
  tradeInvoices,
} from '~/server/db/schema';
import { bakeList } from '~/shared/bake-days/day-sheets';
import { SYSTEM } from '~/shared/orders/actor';
import { addDays, londonDate } from '~/shared/time/london-time';
import { ageBucket, TRADE_ORDER_MESSAGES } from '~/shared/trade/trade-invoices';
import { everyDayTemplate } from '~/test/bake-days';
import { createProduct, createUser } from '~/test/factories';
import { createTestApp, type TestApp } from '~/test/test-app';
import { approvedCafe } from '~/test/trade-factories';
import { TEST_CARDS } from '../payments/test-provider';
import { createTradeOrdersService } from './trade-orders-service';

let t: TestApp;
let dark: { id: string; name: string };
let oat: { id: string; name: string };
const today = londonDate(new Date());
const inDays = (n: number) => addDays(today, n);

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMITS: 'false' } });
  await t.services.bakeDays.saveTemplate(everyDayTemplate({ capacityCookies: 100_000 }));
  dark = await createProduct(t.services, { name: 'Dark Chocolate', pricePennies: 300, vatRate: 0 });
  oat = await createProduct(t.services, { name: 'Oat Flapjack Bar', pricePennies: 360, vatRate: 20 });
});
afterAll(() => t?.close());

const svc = () => t.services.tradeOrders;
const messageOf = (err: unknown) => (err as { message?: string }).message;
/** The order's own e-mails (confirmation, owner alert, updates), by their keys. */
const mailsOf = async (orderId: string) =>
  (
    await t.services.db
      .select({ key: emailOutbox.dedupeKey })
      .from(emailOutbox)
      .where(like(emailOutbox.dedupeKey, `%${orderId}%`))
  )
    .map((r) => r.key)
    .sort();
const card = { cardNumber: TEST_CARDS.success, expiry: '12 / 40', cvc: '123', name: 'Café Owner' };
const OWNER = { type: 'admin' as const, id: 'owner-1', name: 'Owner' };
const actorOf = (userId: string) => ({ type: 'customer' as const, id: userId, name: 'Café' });

/** A café with Dark Chocolate at £1.20 in twelves and Oat at £2.00 (20% VAT) in sixes. */
async function cafe(creditLimit = '1000', paymentTermsDays = 30) {
  const { userId } = await createUser(t);
  const account = await approvedCafe(
    t,
    userId,
    [
      { productId: dark.id, price: '1.20', caseSize: 12, minQuantity: 12 },
      { productId: oat.id, price: '2.00', caseSize: 6 },
    ],
    { creditLimit, paymentTermsDays },
  );
  return { userId, account };
}

const order = (userId: string, quantities: Record<string, number | string>, deliveryDate = inDays(2)) =>
  svc().place(userId, { quantities, deliveryDate }, actorOf(userId));

describe('ordering on account', () => {
  it('prices the order from the account’s list (ex VAT, VAT per line) and books its day', async () => {
    const { userId } = await cafe();
    const placed = await order(userId, { [dark.id]: 24, [oat.id]: '6' });
    // 24 × £1.20 zero rated; 6 × £2.00 = £12.00 + £2.40 VAT.
    expect(placed.priced).toMatchObject({ netPennies: 2880 + 1200, vatPennies: 240, totalPennies: 4320 });
    const [row] = await t.services.db.select().from(orders).where(eq(orders.id, placed.orderId));
    expect(row).toMatchObject({
      status: 'pending',
      totalPennies: 4320,
      deliveryDate: inDays(2),
      paymentExpiresAt: null,
      shipName: 'The Corner Café',
    });
    const items = await t.services.db.select().from(orderItems).where(eq(orderItems.orderId, placed.orderId));
    expect(items.map((i) => i.quantity).sort()).toEqual([24, 6]);
    const form = await svc().form(userId);
    expect(form?.last).toEqual({ [dark.id]: 24, [oat.id]: 6 });
    expect(form?.standing.owedPennies).toBe(4320);
  });

  it('is on its day’s bake list and production sheet while unpaid, not among checkouts awaiting payment', async () => {
    const { userId } = await cafe();
    const day = inDays(11);
    const before = await t.services.production.day(day);
    const darkBefore = before.sheet.products.find((p) => p.productId === dark.id)?.ordered ?? 0;
    await order(userId, { [dark.id]: 36 }, day);
    const sheet = await t.services.production.day(day);
    expect(sheet.sheet.products.find((p) => p.productId === dark.id)?.ordered).toBe(darkBefore + 36);
    const list = bakeList((await t.services.daySheets.get(day)).orders);
    expect(list.lines.find((l) => l.product === 'Dark Chocolate')?.cookies).toBe(darkBefore + 36);
    expect(list.awaitingPayment.filter((o) => o.onAccount)).toEqual([]);
  });

  it('refuses quantities off the case size or under the minimum, and products not on the list, writing nothing', async () => {
    const { userId } = await cafe();
    const other = await createProduct(t.services, { name: 'Not Listed' });
    for (const [quantities, message] of [
      [{ [dark.id]: 10 }, 'Dark Chocolate comes in cases of 12: please order a multiple of 12.'],
      [{ [oat.id]: 7 }, 'Oat Flapjack Bar comes in cases of 6: please order a multiple of 6.'],
      [{ [other.id]: 12 }, TRADE_ORDER_MESSAGES.notOnList],
      [{ [dark.id]: 'twelve' }, TRADE_ORDER_MESSAGES.quantity],
      [{}, TRADE_ORDER_MESSAGES.nothing],
    ] as const) {
      await expect(order(userId, quantities)).rejects.toSatisfy((e) => messageOf(e) === message);
    }
    expect((await svc().form(userId))?.standing.owedPennies).toBe(0);
  });

  it('refuses a customer without an approved account, and ignores any price the browser sends', async () => {
    const { userId } = await createUser(t);
    await expect(order(userId, { [dark.id]: 12 })).rejects.toSatisfy(
      (e) => messageOf(e) === TRADE_ORDER_MESSAGES.notApproved,
    );
    const c = await cafe();
    const placed = await svc().place(
      c.userId,
      { quantities: { [dark.id]: 12 }, deliveryDate: inDays(2), totalPennies: 1, price: 1 },
      actorOf(c.userId),
    );
    expect(placed.priced.totalPennies).toBe(1440);
  });

  it('refuses an order over the credit limit (owed + this order), saying why', async () => {
    const { userId } = await cafe('50');
    await order(userId, { [dark.id]: 24 }); // £28.80 owed
    await expect(order(userId, { [dark.id]: 24 })).rejects.toSatisfy((e) =>
      /over its credit limit of £50\.00 \(£28\.80 is owed now\)/.test(messageOf(e) ?? ''),
    );
    const quote = await svc().quote(userId, { quantities: { [dark.id]: 12 } });
    expect(quote.refusal).toBeNull();
    expect((await svc().form(userId))?.standing.owedPennies).toBe(2880);
  });

  it('lets two orders at once both pass the limit check only if both fit', async () => {
    const { userId } = await cafe('40');
    const results = await Promise.allSettled([
      order(userId, { [dark.id]: 24 }),
      order(userId, { [dark.id]: 24 }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });

  it('uses the bake days’ cut-off check for the day', async () => {
    const { userId } = await cafe();
    await expect(order(userId, { [dark.id]: 12 }, today)).rejects.toBeTruthy();
    expect((await svc().form(userId))?.standing.owedPennies).toBe(0);
  });
});

describe('invoices', () => {
  it('issues a full VAT invoice when the order is delivered, with totals equal to the order’s, once', async () => {
    const { userId, account } = await cafe('1000', 14);
    const placed = await order(userId, { [dark.id]: 24, [oat.id]: 12 });
    await expect(svc().issueInvoice(placed.orderId)).rejects.toSatisfy(
      (e) => messageOf(e) === TRADE_ORDER_MESSAGES.notDelivered,
    );
    const number = await svc().deliver(placed.orderId, SYSTEM);
    expect(await svc().deliver(placed.orderId, SYSTEM)).toBe(number);
    const { invoice, lines } = await svc().invoice(number);
    const [o] = await t.services.db.select().from(orders).where(eq(orders.id, placed.orderId));
    expect(o!.status).toBe('completed');
    expect(invoice.totalPennies).toBe(o!.totalPennies);
    expect(invoice).toMatchObject({
      orderId: placed.orderId,
      accountId: account.id,
      issuedOn: today,
      // Delivered before its day: supplied today, never a date of supply after the invoice's.
      suppliedOn: today,
      dueOn: addDays(today, 14),
      customerName: 'The Corner Café',
      customerAddress: '12 Broad Street, Ludlow, SY8 1NL',
      customerVatNumber: 'GB123456789',
      netPennies: 2880 + 2400,
      vatPennies: 480,
      totalPennies: 5760,
      paidAt: null,
    });
    expect(
      lines.map((l) => [l.description, l.quantity, l.unitPenniesExVat, l.vatRate, l.vatPennies]),
    ).toEqual([
      ['Dark Chocolate', 24, 120, 0, 0],
      ['Oat Flapjack Bar', 12, 200, 20, 480],
    ]);
    expect(lines.reduce((s, l) => s + l.netPennies + l.vatPennies, 0)).toBe(o!.totalPennies);
    const mail = await t.services.db
      .select()
      .from(emailOutbox)
      .where(
        and(eq(emailOutbox.kind, 'trade-invoice'), eq(emailOutbox.dedupeKey, `trade-invoice:${number}`)),
      );
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain(`/trade/invoices/${number}`);
  });

  it('numbers invoices from one sequence with no gaps or duplicates under concurrent invoicing', async () => {
    const { userId } = await cafe('100000');
    const placed = [];
    for (let i = 0; i < 8; i++) placed.push(await order(userId, { [dark.id]: 12 }));
    const numbers = await Promise.all(placed.map((p) => svc().deliver(p.orderId, SYSTEM)));
    const sorted = [...numbers].sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(8);
    expect(sorted.at(-1)! - sorted[0]!).toBe(7);
    // Every number so far, from 1, is used once.
    const all = (await t.services.db.select({ n: tradeInvoices.number }).from(tradeInvoices)).map((r) => r.n);
    expect(all.sort((a, b) => a - b)).toEqual(all.map((_, i) => i + 1));
  });

  it('issues one invoice when two people mark the same order delivered at once', async () => {
    const { userId } = await cafe('100000');
    const placed = await order(userId, { [dark.id]: 12 });
    const numbers = await Promise.all([
      svc().deliver(placed.orderId, SYSTEM),
      svc().deliver(placed.orderId, SYSTEM),
      svc()
        .issueInvoice(placed.orderId)
        .catch(() => null),
    ]);
    const issued = numbers.filter((n) => n !== null);
    expect(new Set(issued).size).toBe(1);
    const rows = await t.services.db
      .select()
      .from(tradeInvoices)
      .where(eq(tradeInvoices.orderId, placed.orderId));
    expect(rows).toHaveLength(1);
    const mail = await t.services.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, `trade-invoice:${rows[0]!.number}`));
    expect(mail).toHaveLength(1);
  });

  it('gives a failed invoice’s number back: the next invoice takes it, so numbers have no gap', async () => {
    const { userId } = await cafe('100000');
    const failing = createTradeOrdersService({
      db: t.services.db,
      trade: t.services.trade,
      orders: t.services.orders,
      bakeDays: t.services.bakeDays,
      zones: async () => [],
      askCardPayment: async () => {
        throw new Error('no card payment in this test');
      },
      seller: async () => ({ name: 'Shop', address: 'Here', vatNumber: 'GB000000000' }),
      enqueue: async () => {
        throw new Error('the mail outbox is down');
      },
      providerName: 'test',
      publicUrl: 'http://shop.test',
    });
    const numbersNow = async () =>
      (await t.services.db.select({ n: tradeInvoices.number }).from(tradeInvoices)).map((r) => r.n);
    const before = Math.max(0, ...(await numbersNow()));
    const a = await order(userId, { [dark.id]: 12 });
    const b = await order(userId, { [dark.id]: 12 });
    await expect(failing.deliver(a.orderId, SYSTEM)).rejects.toThrow('the mail outbox is down');
    expect(await numbersNow()).not.toContain(before + 1);
    // The first order is delivered but not invoiced: the owner's list still offers it.
    expect((await svc().awaitingDelivery()).map((o) => o.orderId)).toContain(a.orderId);
    expect(await svc().deliver(b.orderId, SYSTEM)).toBe(before + 1);
    expect(await svc().deliver(a.orderId, SYSTEM)).toBe(before + 2);
  });

  it('shows a customer their own invoices only, and the owner marks one paid by bank transfer once', async () => {
    const a = await cafe();
    const b = await cafe();
    const placed = await order(a.userId, { [dark.id]: 12 });
    const number = await svc().deliver(placed.orderId, SYSTEM);
    expect((await svc().invoiceFor(a.userId, number)).invoice.number).toBe(number);
    await expect(svc().invoiceFor(b.userId, number)).rejects.toSatisfy(
      (e) => messageOf(e) === TRADE_ORDER_MESSAGES.noInvoice,
    );
    expect((await svc().invoicesFor(a.userId))?.standing.owedPennies).toBe(1440);
    await svc().markPaid(number, OWNER);
    await expect(svc().markPaid(number, OWNER)).rejects.toSatisfy(
      (e) => messageOf(e) === TRADE_ORDER_MESSAGES.alreadyPaid,
    );
    expect((await svc().invoicesFor(a.userId))?.standing.owedPennies).toBe(0);
  });

  it('counts a bank transfer for an invoice as money taken on its order: revenue and the books see it once', async () => {
    const { userId } = await cafe();
    const placed = await order(userId, { [dark.id]: 24 });
    const number = await svc().deliver(placed.orderId, SYSTEM);
    const month = { month: today.slice(0, 7) };
    const before = (await t.services.books.summary(month)).sales.trade;
    const mailsBefore = await mailsOf(placed.orderId);

    await svc().markPaid(number, OWNER);

    const [paidOrder] = await t.services.db.select().from(orders).where(eq(orders.id, placed.orderId));
    expect(paidOrder?.paidAt).not.toBeNull();
    expect(paidOrder?.status).toBe('completed');
    const payments = await t.services.db
      .select()
      .from(orderPayments)
      .where(eq(orderPayments.orderId, placed.orderId));
    expect(payments.map((p) => [p.amountPennies, p.method, p.recordedBy])).toEqual([
      [2880, 'bank_transfer', OWNER.name],
    ]);
    const after = (await t.services.books.summary(month)).sales.trade;
    expect(after).toEqual({ orders: before.orders + 1, pennies: before.pennies + 2880 });
    // A delivered order books no delivery, and its customer gets no second order confirmation.
    expect(
      await t.services.db.select().from(deliveries).where(eq(deliveries.orderId, placed.orderId)),
    ).toEqual([]);
    expect(await mailsOf(placed.orderId)).toEqual(mailsBefore);

    await expect(svc().markPaid(number, OWNER)).rejects.toSatisfy(
      (e) => messageOf(e) === TRADE_ORDER_MESSAGES.alreadyPaid,
    );
    expect((await t.services.books.summary(month)).sales.trade).toEqual(after);
  });

  it('lets a café pay its own invoice by card on the hosted page: the invoice is paid, the money taken once', async () => {
    const a = await cafe();
    const b = await cafe();
    const placed = await order(a.userId, { [dark.id]: 12 });
    const number = await svc().deliver(placed.orderId, SYSTEM);
    await expect(svc().payByCard(b.userId, number)).rejects.toSatisfy(
      (e) => messageOf(e) === TRADE_ORDER_MESSAGES.noInvoice,
    );
    const month = { month: today.slice(0, 7) };
    const before = (await t.services.books.summary(month)).sales.trade;

    // A page that would come back to another site comes back to the shop.
    const { url } = await svc().payByCard(a.userId, number, 'https://evil.example');
    expect(url.startsWith(`${t.origin}/pay/test/`)).toBe(true);
    const sessionId = url.split('/').pop()!;
    const page = await t.services.payments.getTestPayment(sessionId);
    expect(page.totalPennies).toBe(1440);
    expect(page.returnPath).toBe(`/trade/invoices/${number}`);
    await t.services.payments.payTestSession(sessionId, card);
    await t.services.payments.payTestSession(sessionId, card);

    const { invoice } = await svc().invoiceFor(a.userId, number);
    expect([invoice.paidBy, invoice.paidAt === null]).toEqual(['card', false]);
    const payments = await t.services.db
      .select()
      .from(orderPayments)
      .where(eq(orderPayments.orderId, placed.orderId));
    expect(payments.map((p) => [p.amountPennies, p.provider])).toEqual([[1440, 'test']]);
    const [paidOrder] = await t.services.db.select().from(orders).where(eq(orders.id, placed.orderId));
    expect([paidOrder?.status, paidOrder?.flags, paidOrder?.paidAt === null]).toEqual([
      'completed',
      [],
      false,
    ]);
    expect((await svc().invoicesFor(a.userId))?.standing.owedPennies).toBe(0);
    expect((await t.services.books.summary(month)).sales.trade).toEqual({
      orders: before.orders + 1,
      pennies: before.pennies + 1440,
    });
    // Paid is paid, whichever way: neither a second card page nor a bank transfer is taken.
    await expect(svc().payByCard(a.userId, number)).rejects.toSatisfy(
      (e) => messageOf(e) === TRADE_ORDER_MESSAGES.alreadyPaid,
    );
    await expect(svc().markPaid(number, OWNER)).rejects.toSatisfy(
      (e) => messageOf(e) === TRADE_ORDER_MESSAGES.alreadyPaid,
    );
  });

  it('ages what is owed by days past due, and an overdue invoice stops ordering', async () => {
    const { userId, account } = await cafe('1000', 0);
    const placed = await order(userId, { [dark.id]: 12 });
    await svc().deliver(placed.orderId, SYSTEM);
    // The same service 45 days on.
    const later = createTradeOrdersService({
      db: t.services.db,
      trade: t.services.trade,
      orders: t.services.orders,
      bakeDays: t.services.bakeDays,
      zones: async () => [],
      askCardPayment: async () => {
        throw new Error('no card payment in this test');
      },
      seller: async () => ({ name: 'Shop', address: 'Here', vatNumber: 'GB000000000' }),
      enqueue: async () => {},
      providerName: 'test',
      publicUrl: 'http://shop.test',
      today: () => addDays(today, 45),
    });
    const aged = await later.aged();
    const mine = aged.accounts.find((x) => x.accountId === account.id)!;
    expect(mine.buckets['31-60']).toBe(1440);
    expect(mine.owedPennies).toBe(1440);
    const form = await later.form(userId);
    expect(form?.standing.refusal).toMatch(/was due on .* and is not paid yet/);
    await expect(later.place(userId, { quantities: { [dark.id]: 12 } }, actorOf(userId))).rejects.toSatisfy(
      (e) => /is not paid yet/.test(messageOf(e) ?? ''),
    );
    expect([0, 1, 30, 31, 60, 61, 90, 91].map(ageBucket)).toEqual([
      'current',
      '1-30',
      '1-30',
      '31-60',
      '31-60',
      '61-90',
      '61-90',
      '90+',
    ]);
  });

  it('keeps invoice lines with clear columns for the export', async () => {
    const rows = await t.services.db
      .select()
      .from(tradeInvoiceLines)
      .where(inArray(tradeInvoiceLines.vatRate, [0, 20]));
    expect(rows.length).toBeGreaterThan(0);
  });
});
