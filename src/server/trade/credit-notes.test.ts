import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, orderPayments, orders, refunds, tradeCreditNotes } from '~/server/db/schema';
import { SYSTEM } from '~/shared/orders/actor';
import { addDays, londonDate } from '~/shared/time/london-time';
import { CREDIT_NOTE_MESSAGES, overCreditMessage } from '~/shared/trade/credit-notes';
import { TRADE_ORDER_MESSAGES } from '~/shared/trade/trade-invoices';
import { everyDayTemplate } from '~/test/bake-days';
import { createProduct, createUser } from '~/test/factories';
import { createTestApp, type TestApp } from '~/test/test-app';
import { approvedCafe } from '~/test/trade-factories';
import { TEST_CARDS } from '../payments/test-provider';

let t: TestApp;
let dark: { id: string };
let oat: { id: string };
const today = londonDate(new Date());
const month = { month: today.slice(0, 7) };

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMITS: 'false' } });
  await t.services.bakeDays.saveTemplate(everyDayTemplate({ capacityCookies: 100_000 }));
  dark = await createProduct(t.services, { name: 'Dark Chocolate', pricePennies: 300, vatRate: 0 });
  oat = await createProduct(t.services, { name: 'Oat Flapjack Bar', pricePennies: 360, vatRate: 20 });
});
afterAll(() => t?.close());

const OWNER = { type: 'admin' as const, id: 'owner-1', name: 'Owner' };
const messageOf = (err: unknown) => (err as { message?: string }).message;
const notes = () => t.services.creditNotes;
const trade = () => t.services.tradeOrders;
const card = { cardNumber: TEST_CARDS.success, expiry: '12 / 40', cvc: '123', name: 'Café Owner' };

/**
 * A café's delivered order of 24 Dark Chocolate at £1.20 (zero rated) and 12 Oat at £2.00 + 20%
 * VAT: invoice £28.80 + £24.00 + £4.80 = £57.60. Line 0 is the Dark Chocolate, line 1 the Oat.
 */
async function invoiced() {
  const { userId } = await createUser(t);
  await approvedCafe(t, userId, [
    { productId: dark.id, price: '1.20', caseSize: 12, minQuantity: 12 },
    { productId: oat.id, price: '2.00', caseSize: 6 },
  ]);
  const placed = await trade().place(
    userId,
    { quantities: { [dark.id]: 24, [oat.id]: 12 }, deliveryDate: addDays(today, 2) },
    { type: 'customer', id: userId, name: 'Café' },
  );
  const number = await trade().deliver(placed.orderId, SYSTEM);
  return { userId, orderId: placed.orderId, number };
}

const short = (quantities: Record<number, number | string>, note?: string) => ({
  reason: 'short',
  quantities,
  note,
});

describe('credit notes', () => {
  it('credits cookies short on the day at the invoice’s prices: the invoice then asks less, and that is what is paid', async () => {
    const { userId, orderId, number } = await invoiced();
    const before = (await t.services.books.summary(month)).sales.trade;

    // 6 Oat short: 6 × £2.00 = £12.00 + £2.40 VAT.
    const cn = await notes().issue(number, short({ 1: 6 }, 'Six came broken'), OWNER);
    const [note] = await t.services.db.select().from(tradeCreditNotes).where(eq(tradeCreditNotes.number, cn));
    expect(note).toMatchObject({
      invoiceNumber: number,
      reason: 'short',
      note: 'Six came broken',
      settledBy: 'invoice',
      netPennies: 1200,
      vatPennies: 240,
      totalPennies: 1440,
      issuedBy: 'Owner',
    });
    const [doc] = await notes().forInvoice(number);
    expect(doc?.lines).toEqual([
      {
        position: 1,
        description: 'Oat Flapjack Bar',
        quantity: 6,
        unitPenniesExVat: 200,
        vatRate: 20,
        netPennies: 1200,
        vatPennies: 240,
      },
    ]);
    expect((await trade().invoicesFor(userId))?.standing.owedPennies).toBe(5760 - 1440);
    const aged = await trade().aged();
    expect(aged.accounts.find((a) => a.owedPennies === 4320)).toBeDefined();
    const mail = await t.services.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, `trade-credit-note:${cn}`));
    expect(mail[0]?.text).toContain('now asks £43.20');

    // The bank transfer is what the invoice still asks; the order is paid in full by it.
    await trade().markPaid(number, OWNER);
    const payments = await t.services.db
      .select()
      .from(orderPayments)
      .where(eq(orderPayments.orderId, orderId));
    expect(payments.map((p) => p.amountPennies)).toEqual([4320]);
    const [o] = await t.services.db.select().from(orders).where(eq(orders.id, orderId));
    expect(o?.paidAt).not.toBeNull();
    // The books: the invoice's £57.60 less the credit note's £14.40 is the money taken.
    const after = await t.services.books.summary(month);
    expect(after.sales.trade).toEqual({ orders: before.orders + 1, pennies: before.pennies + 4320 });
    expect((await trade().invoicesFor(userId))?.standing.owedPennies).toBe(0);

    // Xero's credit notes file prints the credit note the café holds: its number, its own VAT.
    const file = await t.services.books.file({ ...month, format: 'xero', kind: 'credit-notes' });
    const mine = file.rows.filter((r) => r.includes(`CN-${String(cn).padStart(6, '0')}`));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toContain('Oat Flapjack Bar');
    expect(mine[0]).toContain('14.40');
    expect(mine[0]).toContain('20% (VAT on Income)');
  });

  it('asks for what is left on the card page after a credit note, and settles the invoice with it', async () => {
    const { userId, orderId, number } = await invoiced();
    await notes().issue(number, { reason: 'return', quantities: { 0: 12 } }, OWNER);
    const { url } = await trade().payByCard(userId, number);
    const sessionId = url.split('/').pop()!;
    expect((await t.services.payments.getTestPayment(sessionId)).totalPennies).toBe(5760 - 1440);
    await t.services.payments.payTestSession(sessionId, card);
    const { invoice } = await trade().invoiceFor(userId, number);
    expect(invoice.paidBy).toBe('card');
    const [o] = await t.services.db.select().from(orders).where(eq(orders.id, orderId));
    expect([o?.paidAt === null, o?.flags]).toEqual([false, []]);
    // Paid by card: a credit note now would not give the money back, the order's refund does.
    await expect(notes().issue(number, short({ 1: 6 }), OWNER)).rejects.toSatisfy(
      (e) => messageOf(e) === CREDIT_NOTE_MESSAGES.paidByCard,
    );
  });

  it('settles an invoice credited in full, with nothing paid and nothing counted as a sale', async () => {
    const { userId, number } = await invoiced();
    const before = (await t.services.books.summary(month)).sales.trade.pennies;
    await notes().issue(number, short({ 0: 24, 1: 12 }), OWNER);
    const { invoice } = await trade().invoiceFor(userId, number);
    expect(invoice.paidBy).toBe('credit_note');
    await expect(trade().markPaid(number, OWNER)).rejects.toSatisfy(
      (e) => messageOf(e) === TRADE_ORDER_MESSAGES.alreadyPaid,
    );
    expect((await t.services.books.summary(month)).sales.trade.pennies).toBe(before);
  });

  it('pays a credit back by bank transfer on an invoice already paid that way, as a refund the books see', async () => {
    const { orderId, number } = await invoiced();
    await trade().markPaid(number, OWNER);
    const before = (await t.services.books.summary(month)).sales.trade.pennies;
    const cn = await notes().issue(number, { reason: 'return', quantities: { 0: 12 } }, OWNER);
    const rows = await t.services.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(rows.map((r) => [r.amountPennies, r.provider, r.status])).toEqual([[1440, 'manual', 'succeeded']]);
    const [note] = await t.services.db.select().from(tradeCreditNotes).where(eq(tradeCreditNotes.number, cn));
    expect(note?.settledBy).toBe('bank_transfer');
    expect((await t.services.books.summary(month)).sales.trade.pennies).toBe(before - 1440);
  });

  it('never credits more of a line than the invoice had, nor bad input, and changes nothing when refused', async () => {
    const { userId, number } = await invoiced();
    await notes().issue(number, short({ 0: 20 }), OWNER);
    for (const [input, message] of [
      [short({ 0: 5 }), overCreditMessage('Dark Chocolate', 4)],
      [short({ 1: 13 }), overCreditMessage('Oat Flapjack Bar', 12)],
      [short({ 7: 1 }), CREDIT_NOTE_MESSAGES.nothing],
      [short({ 0: 'two' }), CREDIT_NOTE_MESSAGES.quantity],
      [short({}), CREDIT_NOTE_MESSAGES.nothing],
      [{ reason: 'lost', quantities: { 0: 1 } }, CREDIT_NOTE_MESSAGES.reason],
      [short({ 0: 1 }, 'x'.repeat(301)), CREDIT_NOTE_MESSAGES.note],
    ] as const) {
      await expect(notes().issue(number, input, OWNER)).rejects.toSatisfy((e) => messageOf(e) === message);
    }
    await expect(notes().issue(999_999, short({ 0: 1 }), OWNER)).rejects.toSatisfy(
      (e) => messageOf(e) === TRADE_ORDER_MESSAGES.noInvoice,
    );
    expect(await notes().forInvoice(number)).toHaveLength(1);
    expect((await trade().invoicesFor(userId))?.standing.owedPennies).toBe(5760 - 2400);
  });

  it('credits the last cookies of a line once when two credit notes race, numbering them with no gap', async () => {
    const { number } = await invoiced();
    const results = await Promise.allSettled([
      notes().issue(number, short({ 0: 24 }), OWNER),
      notes().issue(number, short({ 0: 24 }), OWNER),
      notes().issue(number, short({ 0: 24 }), OWNER),
    ]);
    const made = results.filter((r) => r.status === 'fulfilled');
    expect(made).toHaveLength(1);
    for (const r of results)
      if (r.status === 'rejected') expect(messageOf(r.reason)).toBe(overCreditMessage('Dark Chocolate', 0));
    const all = await t.services.db.select({ n: tradeCreditNotes.number }).from(tradeCreditNotes);
    const numbers = all.map((r) => r.n).sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    const { orderId } = (await trade().invoice(number)).invoice;
    const credited = await t.services.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(credited.map((r) => [r.amountPennies, r.provider])).toEqual([[2880, 'credit']]);
  });
});
