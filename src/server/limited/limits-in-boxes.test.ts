import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, type products } from '~/server/db/schema';
import { addDays, formatBakeDay, londonDate } from '~/shared/time/london-time';
import { everyDayTemplate } from '~/test/bake-days';
import { createBox } from '~/test/box-factories';
import { api, createProduct, createUser } from '~/test/factories';
import { createTestApp, type TestApp } from '~/test/test-app';

// Issue 44: a limited or seasonal cookie chosen inside a "you choose" box obeys its daily limit,
// on-sale window, lead time and delivery window exactly as when it is bought loose. Every day of
// the next weeks is a bake day here (the template), so no test depends on today's weekday.
const CHECKOUT = '/api/checkout/create-checkout-session';
const QUOTE = '/api/checkout/quote';
let t: TestApp;
let cookie: string;
let plain: { id: string };
const today = londonDate(new Date());
const inDays = (n: number) => addDays(today, n);
const dayMonth = (d: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'long' }).format(
    new Date(`${d}T12:00:00Z`),
  );

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMITS: 'false' } });
  ({ cookie } = await createUser(t));
  await t.services.bakeDays.saveTemplate(everyDayTemplate({ horizonDays: 40, capacityCookies: 5000 }));
  plain = await createProduct(t.services, { name: 'Plain Oat', pricePennies: 300 });
});
afterAll(() => t.close());

const orderCount = async () => (await t.services.db.select({ n: count() }).from(orders))[0]!.n;
const limitedCookie = (fields: Partial<typeof products.$inferInsert>) =>
  createProduct(t.services, { name: 'Mince Pie Cookie', pricePennies: 350, ...fields });
/** A box of 4 the customer fills: `n` of the limited cookie and the rest plain. */
const boxOf4 = () => createBox(t.services, { size: 4 }, { name: 'Box of 4' });
const boxLine = (boxId: string, cookieId: string, n: number, quantity = 1) => ({
  product_id: boxId,
  quantity,
  box: [{ product_id: cookieId, quantity: n }, ...(n < 4 ? [{ product_id: plain.id, quantity: 4 - n }] : [])],
});
const checkout = (items: unknown[], delivery_date: unknown, as = cookie) =>
  api(t, 'POST', CHECKOUT, { items, delivery_date }, as);

async function expectRefused(res: Response, message: string, before: number) {
  expect(res.status, 'refused').toBe(400);
  expect((await res.json()).error.message).toBe(message);
  expect(await orderCount()).toBe(before);
}

describe('a limited cookie inside a box', () => {
  it('is refused before it is on sale, and after its sale ended, as when loose', async () => {
    const box = await boxOf4();
    const early = await limitedCookie({ name: 'Early Cookie', onSaleFrom: inDays(3) });
    const ended = await limitedCookie({ name: 'Ended Cookie', onSaleUntil: inDays(-1) });
    const before = await orderCount();
    await expectRefused(
      await checkout([boxLine(box.id, early.id, 2)], inDays(5)),
      `Sorry, Early Cookie is on sale from ${dayMonth(inDays(3))}.`,
      before,
    );
    await expectRefused(
      await checkout([boxLine(box.id, ended.id, 1)], inDays(5)),
      'Sorry, Ended Cookie is no longer on sale. Please remove it from your basket.',
      before,
    );
  });

  it('is delivered only within its delivery dates and lead time; the quote offers only those days', async () => {
    const box = await boxOf4();
    const seasonal = await limitedCookie({
      name: 'Seasonal Cookie',
      deliverFrom: inDays(10),
      deliverUntil: inDays(12),
      leadDays: 11,
    });
    const items = [boxLine(box.id, seasonal.id, 1)];
    const before = await orderCount();
    await expectRefused(
      await checkout(items, inDays(9)),
      `Seasonal Cookie can only be delivered from ${dayMonth(inDays(10))} to ${dayMonth(inDays(12))}. Please choose one of those days.`,
      before,
    );
    await expectRefused(
      await checkout(items, inDays(10)),
      'Seasonal Cookie must be ordered at least 11 days ahead.',
      before,
    );
    const quote = await (await api(t, 'POST', QUOTE, { items })).json();
    expect(quote.limited_days.days.map((d: { date: string }) => d.date)).toEqual([inDays(11), inDays(12)]);
    expect((await checkout(items, inDays(11))).status).toBe(200);
  });

  it('counts against its daily limit with the loose ones: boxes and loose share the day', async () => {
    const box = await boxOf4();
    const capped = await limitedCookie({ name: 'Capped Cookie', dailyLimit: 5 });
    const day = inDays(6);
    // 2 boxes of 2 each: 4 of the day's 5.
    expect((await checkout([boxLine(box.id, capped.id, 2, 2)], day)).status).toBe(200);
    const other = await createUser(t);
    const before = await orderCount();
    await expectRefused(
      await checkout([boxLine(box.id, capped.id, 2)], day, other.cookie),
      `Sorry, only 1 Capped Cookie left for ${formatBakeDay(day)}. Please take fewer or choose another day.`,
      before,
    );
    // The quote says so of the day too.
    const quote = await (
      await api(t, 'POST', QUOTE, { items: [boxLine(box.id, capped.id, 2)] }, other.cookie)
    ).json();
    expect(quote.limited_days.days.find((d: { date: string }) => d.date === day)).toMatchObject({
      state: 'full',
      note: `Only 1 left for ${formatBakeDay(day)}`,
    });
    // The last one, bought loose, sells; then the day is sold out for a box too.
    const loose = [{ product_id: capped.id, quantity: 1 }];
    expect((await checkout(loose, day, other.cookie)).status).toBe(200);
    const third = await createUser(t);
    await expectRefused(
      await checkout([boxLine(box.id, capped.id, 1)], day, third.cookie),
      `Sorry, Capped Cookie is sold out for ${formatBakeDay(day)}. Please choose another day.`,
      before + 1,
    );
    expect((await checkout([boxLine(box.id, capped.id, 1)], inDays(7), third.cookie)).status).toBe(200);
  });

  it('10 customers at once, each a box with 1 of the last 3 of a day: exactly 3 orders', async () => {
    const box = await boxOf4();
    const capped = await limitedCookie({ name: 'Raced Cookie', dailyLimit: 3 });
    const day = inDays(8);
    const customers = [];
    for (let i = 0; i < 10; i++) customers.push(await createUser(t));
    const before = await orderCount();
    const results = await Promise.all(
      customers.map((c) => checkout([boxLine(box.id, capped.id, 1)], day, c.cookie)),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 400)).toHaveLength(7);
    expect(await orderCount()).toBe(before + 3);
  }, 120_000);
});

// Issue 43: over a per-day limit the checkout says which product to reduce and to how many,
// instead of greying out every day with no word.
describe('a basket over a per-day limit', () => {
  it('is told which product to reduce, and to how many; within the limit it is told nothing', async () => {
    const capped = await limitedCookie({ name: 'Gingerbread Star', dailyLimit: 4 });
    const other = await limitedCookie({ name: 'Unlimited Window', deliverFrom: inDays(1) });
    const quote = async (quantity: number) =>
      (
        await api(t, 'POST', QUOTE, {
          items: [
            { product_id: capped.id, quantity },
            { product_id: other.id, quantity: 1 },
          ],
        })
      ).json();
    const over = (await quote(6)).limited_days;
    expect(over.days.every((d: { state: string }) => d.state !== 'open')).toBe(true);
    expect(over.reduce).toBe(
      'To choose a day, reduce Gingerbread Star to 4 (you have 6): no day has more left.',
    );
    expect((await quote(4)).limited_days.reduce).toBeNull();
  });

  it('counts what is already sold: reduce to the most any day has left, or remove it when none has any', async () => {
    const box = await boxOf4();
    const capped = await limitedCookie({
      name: 'Last Star',
      dailyLimit: 2,
      deliverFrom: inDays(5),
      deliverUntil: inDays(6),
    });
    expect((await checkout([{ product_id: capped.id, quantity: 2 }], inDays(5))).status).toBe(200);
    expect((await checkout([{ product_id: capped.id, quantity: 1 }], inDays(6))).status).toBe(200);
    const reduce = async (n: number) =>
      (await (await api(t, 'POST', QUOTE, { items: [boxLine(box.id, capped.id, n)] })).json()).limited_days
        .reduce;
    expect(await reduce(2)).toBe(
      'To choose a day, reduce Last Star to 1 (you have 2): no day has more left.',
    );
    expect(await reduce(1)).toBeNull();
    const other = await createUser(t);
    expect((await checkout([{ product_id: capped.id, quantity: 1 }], inDays(6), other.cookie)).status).toBe(
      200,
    );
    expect(await reduce(1)).toBe(
      'Last Star is sold out for every day we can offer. Please remove it to choose a day.',
    );
  });
});
