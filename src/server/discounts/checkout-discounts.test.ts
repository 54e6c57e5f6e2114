import { and, count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, orders } from '~/server/db/schema';
import { type DiscountCodeForm, DiscountCodeFormSchema } from '~/shared/discounts/discount-code';
import { vatRows } from '~/shared/pricing/summary-rows';
import { addDays, londonDate } from '~/shared/time/london-time';
import { api, createProduct, createUser } from '~/test/factories';
import { createTestApp, type TestApp } from '~/test/test-app';

const CHECKOUT = '/api/checkout/create-checkout-session';
const QUOTE = '/api/checkout/quote';
let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp({ env: { VAT_NUMBER: 'GB 123 4567 89' } });
  ({ cookie } = await createUser(t));
});
afterAll(() => t.close());

let seq = 0;
/** A code made as the owner's form makes it: active, 10% off, no minimum, unless told otherwise. */
async function createCode(overrides: Partial<DiscountCodeForm> = {}) {
  const code = overrides.code ?? `TEST-${Date.now().toString(36)}-${seq++}`.toUpperCase();
  return t.services.discounts.create(
    DiscountCodeFormSchema.parse({ kind: 'percent', percent: '10', is_active: true, ...overrides, code }),
  );
}

const orderCount = async () => (await t.services.db.select({ n: count() }).from(orders))[0]!.n;

async function basket(pricePennies = 500, quantity = 2, vatRate: 0 | 20 = 0) {
  const p = await createProduct(t.services, { pricePennies, vatRate });
  return [{ product_id: p.id, quantity }];
}

async function pay(items: unknown, code: string | undefined, who = cookie) {
  return api(t, 'POST', CHECKOUT, { items, discount_code: code }, who);
}

async function expectRefused(items: unknown, code: string, message: string, who = cookie) {
  const before = await orderCount();
  const quoted = await api(t, 'POST', QUOTE, { items, discount_code: code }, who);
  expect(quoted.status).toBe(400);
  expect(((await quoted.json()) as { error: { message: string } }).error.message).toBe(message);
  const res = await pay(items, code, who);
  expect(res.status).toBe(400);
  const { error } = (await res.json()) as { error: { message: string; fields: Record<string, string> } };
  expect(error.message).toBe(message);
  expect(error.fields.discount_code).toBe(message);
  expect(await orderCount()).toBe(before);
}

describe('a discount code at checkout', () => {
  it('is priced by the server: the summary, the order and the payment page agree', async () => {
    const { code } = await createCode({ code: 'spring10', min_subtotal: '10.00' });
    expect(code).toBe('SPRING10');
    const items = await basket(500, 3);
    // Typed in lower case with spaces around it: the same code.
    const quote = await api(t, 'POST', QUOTE, { items, discount_code: '  spring10 ' }, cookie);
    expect(quote.status).toBe(200);
    expect(await quote.json()).toMatchObject({
      subtotal_pennies: 1500,
      discount: { code: 'SPRING10', pennies: 150 },
      delivery_pennies: 499,
      total_pennies: 1500 - 150 + 499,
    });

    const res = await pay(items, 'Spring10');
    expect(res.status).toBe(200);
    const { orderId, sessionId } = (await res.json()) as { orderId: string; sessionId: string };
    const view = await t.services.orders.getForAdmin(orderId);
    expect(view).toMatchObject({
      subtotal_pennies: 1500,
      discount: { code: 'SPRING10', pennies: 150 },
      delivery_fee_pennies: 499,
      total_pennies: 1849,
    });
    const page = await t.services.payments.getTestPayment(sessionId);
    expect(page.summary).toContainEqual({ label: 'Discount (SPRING10)', amount: '\u2212£1.50' });
    expect(page.totalPennies).toBe(1849);
  });

  it('refuses a code with its reason and writes nothing', async () => {
    const items = await basket(500, 2);
    const today = londonDate(new Date());
    await createCode({ code: 'SLEEPING', is_active: false });
    await createCode({ code: 'LATER', starts_on: addDays(today, 1) });
    await createCode({ code: 'OVER', starts_on: addDays(today, -10), ends_on: addDays(today, -1) });
    await createCode({ code: 'BIGSPEND', min_subtotal: '20.00' });
    await expectRefused(items, 'NOPE', "That code isn't valid");
    await expectRefused(items, 'A'.repeat(41), "That code isn't valid");
    await expectRefused(items, 'TEN%OFF', "That code isn't valid");
    await expectRefused(items, 'SLEEPING', "That code isn't valid");
    await expectRefused(items, 'LATER', "That code isn't valid");
    await expectRefused(items, 'OVER', 'That code has expired');
    await expectRefused(items, 'BIGSPEND', 'Spend £20.00 or more to use that code');
  });

  it('a code that ends today still works today', async () => {
    const { code } = await createCode({ ends_on: londonDate(new Date()) });
    expect((await pay(await basket(), code)).status).toBe(200);
  });

  it('once per customer: a second use by the same customer is refused, another customer may', async () => {
    const { code } = await createCode({ once_per_customer: true });
    const items = await basket();
    expect((await pay(items, code)).status).toBe(200);
    // Another basket (the same one again is the same order: checkout-again.test.ts).
    await expectRefused(await basket(), code, "You've already used that code");
    const other = await createUser(t);
    expect((await pay(items, code, other.cookie)).status).toBe(200);
  });

  it('a pending order holds its use; expiry gives it back', async () => {
    const { code } = await createCode({ max_uses: '1' });
    const items = await basket();
    const first = await pay(items, code);
    expect(first.status).toBe(200);
    const { orderId } = (await first.json()) as { orderId: string };
    const other = await createUser(t);
    await expectRefused(items, code, 'That code has been used up', other.cookie);

    await t.services.db
      .update(orders)
      .set({ paymentExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, orderId));
    await t.services.orders.sweepExpired();
    expect((await pay(items, code, other.cookie)).status).toBe(200);
  });

  it('20 customers at once for a code with 5 uses left: exactly 5 orders carry it', async () => {
    const { id, code } = await createCode({ max_uses: '5' });
    const items = await basket();
    // Signed up one after another (the password-hashing gate would turn a crowd away).
    const customers = [];
    for (let i = 0; i < 20; i++) customers.push(await createUser(t));
    // Spread over the open delivery days, so the days' own locks do not line the customers up.
    const days = (await t.services.bakeDays.choices(2)).filter((d) => d.state === 'open').map((d) => d.date);
    expect(days.length).toBeGreaterThan(3);
    const answers = await Promise.all(
      customers.map((c, i) =>
        api(
          t,
          'POST',
          CHECKOUT,
          { items, discount_code: code, delivery_date: days[i % days.length] },
          c.cookie,
        ),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 400)).toHaveLength(15);
    for (const r of answers.filter((a) => a.status === 400)) {
      expect(((await r.json()) as { error: { message: string } }).error.message).toBe(
        'That code has been used up',
      );
    }
    const [held] = await t.services.db
      .select({ n: count() })
      .from(orders)
      .where(eq(orders.discountCodeId, id));
    expect(held!.n).toBe(5);
  });

  it('a fixed amount never takes the cookies below £0 and leaves delivery alone', async () => {
    const { code } = await createCode({ kind: 'fixed', amount: '50.00', percent: undefined });
    const res = await pay(await basket(450, 1), code);
    const view = await t.services.orders.getForAdmin(((await res.json()) as { orderId: string }).orderId);
    expect(view).toMatchObject({ discount: { pennies: 450 }, delivery_fee_pennies: 499, total_pennies: 499 });
  });

  it('free delivery is its own kind', async () => {
    const { code } = await createCode({ kind: 'free_delivery', percent: undefined });
    const res = await pay(await basket(450, 2), code);
    const view = await t.services.orders.getForAdmin(((await res.json()) as { orderId: string }).orderId);
    expect(view).toMatchObject({
      discount: { code, pennies: 0, delivery_waived_pennies: 499 },
      delivery_fee_pennies: 0,
      total_pennies: 900,
    });
  });

  it('VAT per rate is on the discounted prices, the discount shared across rates', async () => {
    const { code } = await createCode({ percent: '10' });
    const plain = await createProduct(t.services, { pricePennies: 300, vatRate: 0 });
    const covered = await createProduct(t.services, { pricePennies: 600, vatRate: 20 });
    const res = await pay(
      [
        { product_id: plain.id, quantity: 2 },
        { product_id: covered.id, quantity: 1 },
      ],
      code,
    );
    const view = await t.services.orders.getForAdmin(((await res.json()) as { orderId: string }).orderId);
    // £12.00 of cookies, 10% off = £1.20 shared 60p / 60p; delivery £4.99 split 250p / 249p.
    expect(view!.items.map((i) => i.vat_rate).sort()).toEqual([0, 20]);
    expect(view!.vat).toEqual([
      { rate: 0, gross_pennies: 540 + 250, vat_pennies: 0 },
      { rate: 20, gross_pennies: 540 + 249, vat_pennies: 132 },
    ]);
    expect(view!.vat.reduce((s, v) => s + v.gross_pennies, 0)).toBe(view!.total_pennies);
  });

  it('the confirmation e-mail shows the discount and the VAT per rate with the VAT number', async () => {
    const { code } = await createCode({ percent: '10' });
    const res = await pay(await basket(1000, 1, 20), code);
    const { sessionId, orderId } = (await res.json()) as { sessionId: string; orderId: string };
    await t.services.payments.payTestSession(sessionId, {
      cardNumber: '4242 4242 4242 4242',
      expiry: '12 / 40',
      cvc: '123',
      name: 'Mary Baker',
    });
    const [mail] = await t.services.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, 'order-confirmation'), like(emailOutbox.text, `%/orders/${orderId}%`)));
    // £10.00 at 20%, 10% off = £9.00, plus £4.99 delivery at 20%: £13.99 holds £2.33 of VAT.
    expect(mail!.text).toContain(`Discount (${code}): \u2212£1.00`);
    expect(mail!.text).toContain('VAT at 20% included (on £13.99): £2.33');
    expect(mail!.text).toContain('VAT number: GB123456789');
    expect(mail!.html).toContain(`Discount (${code})`);
  });

  it('a shop that is not VAT registered shows no VAT', async () => {
    const plain = await createTestApp();
    try {
      const view = { vat: [{ rate: 20 as const, gross_pennies: 600, vat_pennies: 100 }] };
      expect(plain.services.config.shop.vatNumber).toBeNull();
      expect(vatRows(view.vat, plain.services.config.shop.vatNumber)).toEqual([]);
    } finally {
      await plain.close();
    }
  });
});
