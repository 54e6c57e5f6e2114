import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orderPayments, orders, refunds } from '~/server/db/schema';
import { loadClientBuild } from '~/server/load-build';
import {
  type BookOrder,
  bookInvoice,
  creditNoteLines,
  INVOICES_PER_FILE,
  invoiceLines,
  linesTotal,
  orderVatGross,
  parseBooksPeriod,
} from '~/shared/books/books';
import { earliestWanted } from '~/shared/made-to-order/made-to-order';
import { formatPence } from '~/shared/money/money';
import { adminActor } from '~/shared/orders/actor';
import { addDays, londonDate } from '~/shared/time/london-time';
import { everyDayTemplate } from '~/test/bake-days';
import { api, createUser, nextTestIp, ownerTestApp } from '~/test/factories';
import { createCustomer, createOrder } from '~/test/order-factories';
import type { TestApp } from '~/test/test-app';
import { approvedCafe } from '~/test/trade-factories';
import { TEST_CARDS } from '../payments/test-provider';

/** A CSV file's rows as cells (our files quote only cells with commas, quotes or breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && body[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  return rows;
}

/** The rows of a file as objects by header. */
const records = (text: string) => {
  const [header, ...rows] = parseCsv(text);
  return rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i] ?? ''])));
};
const pence = (amount: string) => Math.round(Number(amount) * 100);

const order = (over: Partial<BookOrder>): BookOrder => ({
  id: randomUUID(),
  number: 'abcd1234',
  contact: 'Alice Baker',
  email: 'alice@example.com',
  trade: false,
  paidOn: '2024-03-05',
  items: [],
  discountCode: null,
  discountPennies: 0,
  deliveryPennies: 0,
  totalPennies: 0,
  ...over,
});

describe('invoice lines (pure)', () => {
  it('adds up to the order, and per VAT rate to its own VAT table, with a discount and delivery', () => {
    const items = [
      { name: 'Oat', quantity: 3, unitPricePennies: 333, vatRate: 0 as const, giftCard: false },
      { name: 'Dark Chocolate', quantity: 2, unitPricePennies: 451, vatRate: 20 as const, giftCard: false },
    ];
    const o = order({ items, discountCode: 'TEN', discountPennies: 191, deliveryPennies: 499 });
    o.totalPennies = 999 + 902 - 191 + 499;
    const lines = invoiceLines(o);
    expect(linesTotal(lines)).toBe(o.totalPennies);
    for (const part of orderVatGross(o)) {
      const atRate = lines.filter((l) => l.vatRate === part.rate);
      expect(linesTotal(atRate)).toBe(part.gross_pennies);
    }
    // One row per order line, the discount and delivery on lines of their own.
    expect(lines.map((l) => l.item)).toEqual([
      'Cookies',
      'Cookies',
      'Discount',
      'Discount',
      'Delivery',
      'Delivery',
    ]);
  });

  it('books gift cards sold to the liability account with no VAT', () => {
    const o = order({
      items: [{ name: 'Gift card', quantity: 2, unitPricePennies: 2500, vatRate: 0, giftCard: true }],
      totalPennies: 5000,
    });
    const [line] = invoiceLines(o);
    expect(line).toMatchObject({ account: '2100', vatRate: null, quantity: 2, unitPennies: 2500 });
  });

  it('splits a partial refund over the rates the order was paid at, to the penny', () => {
    const o = order({
      items: [
        { name: 'Oat', quantity: 1, unitPricePennies: 300, vatRate: 0, giftCard: false },
        { name: 'Dark', quantity: 1, unitPricePennies: 700, vatRate: 20, giftCard: false },
      ],
      totalPennies: 1000,
    });
    const lines = creditNoteLines({
      id: randomUUID(),
      madeOn: '2024-03-06',
      amountPennies: 333,
      reason: 'Broken',
      order: o,
    });
    expect(linesTotal(lines)).toBe(333);
    expect(lines.map((l) => [l.vatRate, l.unitPennies])).toEqual([
      [0, 100],
      [20, 233],
    ]);
  });

  it('splits an order paid in parts over its VAT rates, each part adding up to its amount and all of them to the order', () => {
    const o = order({
      items: [
        { name: 'Oat', quantity: 3, unitPricePennies: 333, vatRate: 0, giftCard: false },
        { name: 'Iced', quantity: 7, unitPricePennies: 451, vatRate: 20, giftCard: false },
      ],
      deliveryPennies: 499,
    });
    o.totalPennies = 999 + 3157 + 499;
    const deposit = bookInvoice({ ...o, part: { seq: 1, kind: 'Deposit', pennies: 2327, takenBefore: 0 } });
    const balance = bookInvoice({
      ...o,
      part: { seq: 2, kind: 'Balance', pennies: o.totalPennies - 2327, takenBefore: 2327 },
    });
    expect([deposit.number, balance.number]).toEqual(['abcd1234-1', 'abcd1234-2']);
    expect(deposit.reference).toBe('Deposit for order #abcd1234');
    expect(linesTotal(deposit.lines)).toBe(2327);
    expect(linesTotal(balance.lines)).toBe(o.totalPennies - 2327);
    for (const part of orderVatGross(o)) {
      const atRate = [...deposit.lines, ...balance.lines].filter((l) => l.vatRate === part.rate);
      expect(linesTotal(atRate)).toBe(part.gross_pennies);
    }
    expect(deposit.lines.map((l) => l.description)).toEqual([
      'Deposit for order abcd1234 (zero-rated items)',
      'Deposit for order abcd1234 (20% VAT items)',
    ]);
  });

  it('reads a month or London dates, and refuses anything else with the reason', () => {
    expect(parseBooksPeriod({ month: '2024-02' })).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(parseBooksPeriod({ month: '2024-12' })).toEqual({ from: '2024-12-01', to: '2024-12-31' });
    expect(parseBooksPeriod({ from: '2024-03-01', to: '2024-03-10' })).toEqual({
      from: '2024-03-01',
      to: '2024-03-10',
    });
    expect(parseBooksPeriod({ month: '2024-13' })).toHaveProperty('error');
    expect(parseBooksPeriod({ from: '2024-03-10', to: '2024-03-01' })).toHaveProperty('error');
    expect(parseBooksPeriod({ from: '2023-01-01', to: '2024-03-01' })).toHaveProperty('error');
  });
});

describe('GET /api/admin/books/export.csv', () => {
  let t: TestApp;
  let cookie: string;
  const file = async (query: string) => {
    const res = await api(t, 'GET', `/api/admin/books/export.csv?${query}`, undefined, cookie);
    return { res, text: await res.text() };
  };

  beforeAll(async () => {
    // Rendered by the real build (run `npm run build` first), for the dashboard's page.
    ({ t, cookie } = await ownerTestApp({ build: await loadClientBuild(process.env.BUILD_DIR) }));
  });
  afterAll(() => t.close());

  it("gives each paid order's lines with Xero's columns and tax names, adding up to the order's total", async () => {
    const alice = await createCustomer(t.services, { fullName: 'Alice Books' });
    const mixed = await createOrder(t.services, {
      profile: alice,
      status: 'paid',
      createdAt: new Date('2024-03-10T12:00:00Z'),
      items: [
        { productName: 'Oat', quantity: 3, unitPricePennies: 333, vatRate: 0 },
        { productName: 'Dark Chocolate', quantity: 2, unitPricePennies: 451, vatRate: 20 },
      ],
      discount: { code: 'TEN', pennies: 191 },
    });
    const plain = await createOrder(t.services, {
      profile: alice,
      status: 'completed',
      createdAt: new Date('2024-03-11T12:00:00Z'),
      items: [{ productName: 'Ginger', quantity: 4, unitPricePennies: 300 }],
    });
    // Not paid: no money taken, not in the books.
    await createOrder(t.services, {
      profile: alice,
      status: 'pending',
      createdAt: new Date('2024-03-12T12:00:00Z'),
    });

    const { res, text } = await file('format=xero&kind=invoices&month=2024-03');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('xero-invoices-2024-03-01-to-2024-03-31.csv');
    const [header] = parseCsv(text);
    expect(header!.slice(0, 2)).toEqual(['*ContactName', 'EmailAddress']);
    for (const col of [
      '*InvoiceNumber',
      '*InvoiceDate',
      '*DueDate',
      '*Description',
      '*Quantity',
      '*UnitAmount',
      '*AccountCode',
      '*TaxType',
    ])
      expect(header).toContain(col);
    const rows = records(text);
    expect(new Set(rows.map((r) => r['*InvoiceNumber']))).toEqual(
      new Set([mixed.id.slice(0, 8), plain.id.slice(0, 8)]),
    );
    for (const o of [mixed, plain]) {
      const mine = rows.filter((r) => r['*InvoiceNumber'] === o.id.slice(0, 8));
      const sum = mine.reduce((s, r) => s + Number(r['*Quantity']) * pence(r['*UnitAmount']!), 0);
      expect(sum).toBe(o.totalPennies);
      expect(mine.every((r) => r['*InvoiceDate'] === (o === mixed ? '10/03/2024' : '11/03/2024'))).toBe(true);
    }
    const mixedRows = rows.filter((r) => r['*InvoiceNumber'] === mixed.id.slice(0, 8));
    expect(mixedRows.map((r) => [r['*Description'], r['*TaxType']])).toEqual([
      ['Dark Chocolate', '20% (VAT on Income)'],
      ['Oat', 'Zero Rated Income'],
      ['Discount TEN (zero-rated items)', 'Zero Rated Income'],
      ['Discount TEN (20% VAT items)', '20% (VAT on Income)'],
      ['Delivery (share with zero-rated items)', 'Zero Rated Income'],
      ['Delivery (share with 20% VAT items)', '20% (VAT on Income)'],
    ]);
    expect(
      mixedRows.every((r) => r['*ContactName'] === 'Alice Books' && r.TrackingOption1 === 'Retail'),
    ).toBe(true);

    const qb = records((await file('format=quickbooks&kind=invoices&month=2024-03')).text);
    const qbSum = qb
      .filter((r) => r['*InvoiceNo'] === mixed.id.slice(0, 8))
      .reduce((s, r) => s + pence(r['*ItemAmount']!), 0);
    expect(qbSum).toBe(mixed.totalPennies);
    expect(new Set(qb.map((r) => r['*ItemTaxCode']))).toEqual(new Set(['0.0% Z', '20.0% S']));
  });

  it('counts the day the money was taken in London: 23:30 UTC on 31 March 2024 is 1 April', async () => {
    const late = await createOrder(t.services, {
      status: 'paid',
      createdAt: new Date('2024-03-31T23:30:00Z'),
    });
    const march = records((await file('format=xero&kind=invoices&month=2024-03')).text);
    const april = records((await file('format=xero&kind=invoices&from=2024-04-01&to=2024-04-01')).text);
    expect(march.some((r) => r['*InvoiceNumber'] === late.id.slice(0, 8))).toBe(false);
    expect(april.filter((r) => r['*InvoiceNumber'] === late.id.slice(0, 8))[0]!['*InvoiceDate']).toBe(
      '01/04/2024',
    );
  });

  it('gives refunds as credit notes in the month they were made, and gift cards sold to the liability account', async () => {
    const bought = await createOrder(t.services, {
      status: 'paid',
      createdAt: new Date('2024-05-03T10:00:00Z'),
      deliveryFeePennies: 0,
      items: [
        {
          productName: 'Gift card',
          unitPricePennies: 2500,
          giftCard: {
            recipientName: 'Bo',
            recipientEmail: 'bo@example.com',
            message: '',
            sendOn: '2024-05-03',
          },
        },
      ],
    });
    const sold = await createOrder(t.services, {
      status: 'paid',
      createdAt: new Date('2024-04-20T10:00:00Z'),
    });
    await t.services.db.insert(refunds).values({
      orderId: sold.id,
      amountPennies: 200,
      reason: 'One broken',
      status: 'succeeded',
      provider: 'test',
      requestKey: randomUUID(),
      actorName: 'Owner',
      createdAt: new Date('2024-05-02T09:00:00Z'),
    });
    const invoices = records((await file('format=xero&kind=invoices&month=2024-05')).text);
    expect(invoices).toEqual([
      expect.objectContaining({
        '*InvoiceNumber': bought.id.slice(0, 8),
        '*AccountCode': '2100',
        '*TaxType': 'No VAT',
        '*UnitAmount': '25.00',
      }),
    ]);
    const { res, text } = await file('format=xero&kind=credit-notes&month=2024-05');
    expect(res.status).toBe(200);
    const notes = records(text);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      '*CreditNoteDate': '02/05/2024',
      '*UnitAmount': '2.00',
      '*TaxType': 'Zero Rated Income',
      Reference: `Refund of order #${sold.id.slice(0, 8)}`,
    });
    expect(notes[0]!['*CreditNoteNumber']).toMatch(/^CN-[0-9A-F]{8}$/);
  });

  it('names a trade customer by the business, on the Trade channel, and counts trade sales apart', async () => {
    const cafe = await createUser(t, { fullName: 'Ann Baker' });
    await approvedCafe(t, cafe.userId);
    const tradeOrder = await createOrder(t.services, {
      profileId: cafe.userId,
      status: 'paid',
      createdAt: new Date('2024-06-04T10:00:00Z'),
    });
    const retail = await createOrder(t.services, {
      status: 'paid',
      createdAt: new Date('2024-06-05T10:00:00Z'),
    });
    const rows = records((await file('format=xero&kind=invoices&month=2024-06')).text);
    const cafeRows = rows.filter((r) => r['*InvoiceNumber'] === tradeOrder.id.slice(0, 8));
    expect(
      cafeRows.every((r) => r['*ContactName'] === 'The Corner Café' && r.TrackingOption1 === 'Trade'),
    ).toBe(true);
    const summary = await t.services.books.summary({ month: '2024-06' });
    expect(summary.sales).toEqual({
      retail: { orders: 1, pennies: retail.totalPennies },
      trade: { orders: 1, pennies: tradeOrder.totalPennies },
    });
    // The dashboard shows this month's the same way.
    const thisMonth = await createOrder(t.services, {
      profileId: cafe.userId,
      status: 'paid',
      items: [{ productName: 'Oat', quantity: 24, unitPricePennies: 321 }],
    });
    const page = await (await api(t, 'GET', '/admin', undefined, cookie)).text();
    expect(page).toContain('This month: retail and trade');
    // 24 at £3.21 and the order's delivery: the trade figure is that order's total, to the penny.
    expect(thisMonth.totalPennies).toBeGreaterThan(24 * 321);
    expect(page).toMatch(
      new RegExp(`Trade sales.*?${formatPence(thisMonth.totalPennies).replace('.', '\\.')}`, 's'),
    );
  });

  it(`puts at most ${INVOICES_PER_FILE} invoices in a file, the rest in numbered files`, async () => {
    const customer = await createCustomer(t.services);
    const many = INVOICES_PER_FILE + 3;
    const paidAt = (i: number) => new Date(Date.UTC(2024, 6, 1, 8, 0, i));
    const rows = await t.services.db
      .insert(orders)
      .values(
        Array.from({ length: many }, (_, i) => ({
          profileId: customer.id,
          status: 'paid' as const,
          subtotalPennies: 450,
          deliveryFeePennies: 0,
          totalPennies: 450,
          shipName: 'A',
          shipPhone: '07123456789',
          shipAddress: '1 Street',
          shipCity: 'Shrewsbury',
          shipPostcode: 'SY1 1XB',
          paymentProvider: 'test' as const,
          paidAt: paidAt(i),
          createdAt: paidAt(i),
        })),
      )
      .returning({ id: orders.id });
    await t.services.db
      .insert(orderItems)
      .values(rows.map((r) => ({ orderId: r.id, productName: 'Oat', quantity: 1, unitPricePennies: 450 })));
    const summary = await t.services.books.summary({ month: '2024-07' });
    expect(summary.invoices).toBe(many);
    expect(
      summary.files.filter((f) => f.format === 'xero' && f.kind === 'invoices').map((f) => f.name),
    ).toEqual([
      'xero-invoices-2024-07-01-to-2024-07-31-part-1-of-2.csv',
      'xero-invoices-2024-07-01-to-2024-07-31-part-2-of-2.csv',
    ]);
    const first = records((await file('format=xero&kind=invoices&month=2024-07&part=1')).text);
    const second = records((await file('format=xero&kind=invoices&month=2024-07&part=2')).text);
    expect(new Set(first.map((r) => r['*InvoiceNumber'])).size).toBe(INVOICES_PER_FILE);
    expect(second).toHaveLength(3);
    const third = await file('format=xero&kind=invoices&month=2024-07&part=3');
    expect(third.res.status).toBe(400);
    expect(JSON.parse(third.text).error.message).toMatch(/not part of this export/);
  });

  describe('a made-to-order job paid in parts', () => {
    const card = { cardNumber: TEST_CARDS.success, expiry: '12 / 40', cvc: '123', name: 'Anna Smith' };
    const sessionOf = (url: string) => url.split('/').pop()!;
    let seq = 0;
    /** A job accepted and its deposit (50% of £120.00) paid, the payment dated `depositAt`. */
    async function depositPaid(depositAt: string) {
      await t.services.bakeDays.saveTemplate(everyDayTemplate());
      const customer = await createUser(t, { fullName: 'Anna Parts' });
      const { id } = await t.services.madeToOrder.enquire(
        {
          fields: {
            occasion: 'Wedding',
            dateWanted: addDays(earliestWanted(londonDate(new Date())), 10 + seq),
            fulfilment: 'delivery',
            quantity: '150',
            wording: 'Anna & Tom',
            designNotes: 'Ivory and gold',
            name: 'Anna Parts',
            email: `anna-books${seq++}@example.com`,
          },
          pictures: [],
        },
        nextTestIp(),
      );
      const quote = await t.services.madeToOrder.sendQuote(id, {
        lines: [{ description: 'Iced wedding favour', quantity: '150', unitPrice: '0.80' }],
        delivery: '0.00',
        depositKind: 'percent',
        depositValue: '50',
        balanceDaysBefore: '7',
        validUntil: addDays(londonDate(new Date()), 7),
        cookies: '150',
        message: '',
      });
      const { url, orderId } = await t.services.madeToOrderJobs.accept(quote.token, customer.userId);
      await t.services.payments.payTestSession(sessionOf(url), card);
      await datePayment(url, depositAt);
      return { quote, orderId, number: orderId.slice(0, 8) };
    }
    /** Dates the payment taken on a page (the test takes it today; the books read its date). */
    async function datePayment(pageUrl: string, at: string) {
      const dated = await t.services.db
        .update(orderPayments)
        .set({ createdAt: new Date(at) })
        .where(eq(orderPayments.sessionId, sessionOf(pageUrl)))
        .returning({ id: orderPayments.id });
      expect(dated).toHaveLength(1);
    }
    const totalOf = (rows: Record<string, string>[], number: string) =>
      rows
        .filter((r) => r['*InvoiceNumber'] === number)
        .reduce((s, r) => s + Number(r['*Quantity']) * pence(r['*UnitAmount']!), 0);

    it("counts the deposit in the month it was taken and the balance in the month it was taken: each month's export is the money taken in it", async () => {
      const job = await depositPaid('2024-11-20T12:00:00Z');
      const november = records((await file('format=xero&kind=invoices&month=2024-11')).text);
      // The deposit is in November's books before the balance is paid.
      expect(november.map((r) => [r['*InvoiceNumber'], r['*InvoiceDate'], r.Reference])).toEqual([
        [`${job.number}-1`, '20/11/2024', `Deposit for order #${job.number}`],
      ]);
      expect(totalOf(november, `${job.number}-1`)).toBe(6000);

      const balance = await t.services.madeToOrderJobs.pay(job.quote.token);
      await t.services.payments.payTestSession(sessionOf(balance.url), card);
      await datePayment(balance.url, '2024-12-03T12:00:00Z');
      const novemberAgain = records((await file('format=xero&kind=invoices&month=2024-11')).text);
      const december = records((await file('format=xero&kind=invoices&month=2024-12')).text);
      expect(novemberAgain).toEqual(november);
      expect(december.map((r) => [r['*InvoiceNumber'], r['*InvoiceDate'], r.Reference])).toEqual([
        [`${job.number}-2`, '03/12/2024', `Balance for order #${job.number}`],
      ]);
      expect(totalOf(december, `${job.number}-2`)).toBe(6000);
      // Paid in full today, it is not counted a second time, whole, on the day it was paid in full.
      const now = records(
        (await file(`format=xero&kind=invoices&month=${londonDate(new Date()).slice(0, 7)}`)).text,
      );
      expect(now.some((r) => r['*InvoiceNumber']!.startsWith(job.number))).toBe(false);
      const [order] = await t.services.db.select().from(orders).where(eq(orders.id, job.orderId));
      expect(order!.paidAt).not.toBeNull();
      expect(totalOf(november, `${job.number}-1`) + totalOf(december, `${job.number}-2`)).toBe(
        order!.totalPennies,
      );
      // The books page's figures and QuickBooks' file say the same.
      expect((await t.services.books.summary({ month: '2024-11' })).sales.retail).toEqual({
        orders: 1,
        pennies: 6000,
      });
      const summary = await t.services.books.summary({ month: '2024-12' });
      expect(summary.invoices).toBe(1);
      expect(summary.sales.retail).toEqual({ orders: 1, pennies: 6000 });
      const qb = records((await file('format=quickbooks&kind=invoices&month=2024-12')).text);
      expect(qb.map((r) => [r['*InvoiceNo'], pence(r['*ItemAmount']!)])).toEqual([[`${job.number}-2`, 6000]]);
    });

    it('gives a deposit refunded on cancelling the job as a credit note in the month of the refund', async () => {
      const job = await depositPaid('2025-01-10T12:00:00Z');
      const owner = await createUser(t, { staffRole: 'owner' });
      await t.services.madeToOrderJobs.cancel(
        job.orderId,
        { deposit: 'refund', requestKey: randomUUID() },
        adminActor({ id: owner.userId, name: 'Owner', staffRole: 'owner' }),
      );
      await t.services.db
        .update(refunds)
        .set({ createdAt: new Date('2025-02-02T12:00:00Z') })
        .where(eq(refunds.orderId, job.orderId));
      const january = records((await file('format=xero&kind=invoices&month=2025-01')).text);
      expect(january.map((r) => [r['*InvoiceNumber'], pence(r['*UnitAmount']!)])).toEqual([
        [`${job.number}-1`, 6000],
      ]);
      const notes = records((await file('format=xero&kind=credit-notes&month=2025-02')).text);
      expect(notes).toHaveLength(1);
      expect(notes[0]).toMatchObject({
        '*CreditNoteDate': '02/02/2025',
        '*UnitAmount': '60.00',
        Reference: `Refund of order #${job.number}`,
      });
      expect((await t.services.books.summary({ month: '2025-01' })).sales.retail.pennies).toBe(6000);
      expect((await t.services.books.summary({ month: '2025-02' })).sales.retail.pennies).toBe(-6000);
    });
  });

  it('refuses a bad period with a clear message, and anyone but the owner', async () => {
    const bad = await file('format=xero&kind=invoices&from=2024-05-10&to=2024-05-01');
    expect(bad.res.status).toBe(400);
    expect(JSON.parse(bad.text).error.message).toMatch(/Choose a month/);
    const staff = await createUser(t, { staffRole: 'staff' });
    const res = await api(
      t,
      'GET',
      '/api/admin/books/export.csv?format=xero&kind=invoices&month=2024-03',
      undefined,
      staff.cookie,
    );
    expect(res.status).toBe(403);
  });
});
