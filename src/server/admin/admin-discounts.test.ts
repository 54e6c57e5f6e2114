import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discountCodes, orders } from '~/server/db/schema';
import { DiscountCodeFormSchema } from '~/shared/discounts/discount-code';
import { apiJson, createUser, ownerTestApp } from '~/test/factories';
import { createOrder } from '~/test/order-factories';
import type { TestApp } from '~/test/test-app';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  ({ t, cookie } = await ownerTestApp());
});
afterAll(() => t.close());

const call = (method: string, url: string, body?: unknown, who = cookie) =>
  apiJson(t, method, url, body, who);
const allCodes = () => t.services.db.select().from(discountCodes).orderBy(discountCodes.code);

let seq = 0;
/** The owner's form as the page sends it: a fresh code, 10% off, active. */
const form = (overrides: Record<string, unknown> = {}) => ({
  code: `ADMIN-${seq++}`,
  kind: 'percent',
  percent: '10',
  is_active: true,
  ...overrides,
});

/** A code some orders carry: `status` each, with what the code took off. */
async function usedCode(statuses: ('pending' | 'paid' | 'cancelled')[], discountPennies = 150) {
  const code = await t.services.discounts.create(DiscountCodeFormSchema.parse(form()));
  for (const status of statuses) {
    const order = await createOrder(t.services, { status });
    await t.services.db
      .update(orders)
      .set({
        discountCodeId: code.id,
        discountCode: code.code,
        discountPennies,
        totalPennies: sql`${orders.totalPennies} - ${discountPennies}`,
      })
      .where(eq(orders.id, order.id));
  }
  return code;
}

describe('POST /api/admin/discounts', () => {
  it('creates a code as the owner typed it: upper-cased, pounds kept in pence, London dates', async () => {
    const { status, body } = await call('POST', '/api/admin/discounts', {
      code: ' spring10 ',
      kind: 'percent',
      percent: '10',
      min_subtotal: '10.00',
      starts_on: '2026-03-01',
      ends_on: '2026-05-31',
      max_uses: '50',
      once_per_customer: true,
      is_active: true,
    });
    expect(status).toBe(201);
    expect(body.discount_code).toMatchObject({
      code: 'SPRING10',
      kind: 'percent',
      value: 10,
      min_subtotal_pennies: 1000,
      starts_on: '2026-03-01',
      ends_on: '2026-05-31',
      max_uses: 50,
      once_per_customer: true,
      is_active: true,
      uses: 0,
      given_pennies: 0,
    });
    const { body: list } = await call('GET', '/api/admin/discounts');
    expect(list.discount_codes.map((c: { code: string }) => c.code)).toContain('SPRING10');
  });

  it('keeps an amount off in pence and free delivery with no value', async () => {
    const fixed = await call('POST', '/api/admin/discounts', form({ kind: 'fixed', amount: '£3.50' }));
    expect(fixed.status).toBe(201);
    expect(fixed.body.discount_code).toMatchObject({ kind: 'fixed', value: 350 });
    const free = await call('POST', '/api/admin/discounts', form({ kind: 'free_delivery', percent: '50' }));
    expect(free.status).toBe(201);
    expect(free.body.discount_code).toMatchObject({ kind: 'free_delivery', value: 0 });
  });

  it.each([
    ['an empty code', { code: '  ' }, 'Code is required', 'code'],
    [
      'a code with a space',
      { code: 'SPRING 10' },
      'Code can only contain letters, digits and dashes',
      'code',
    ],
    ['a code with an accent', { code: 'CAFÉ' }, 'Code can only contain letters, digits and dashes', 'code'],
    ['a code of 41 characters', { code: 'A'.repeat(41) }, 'Code must be at most 40 characters', 'code'],
    ['no kind', { kind: undefined }, 'Choose what the code gives', 'kind'],
    ['0%', { percent: '0' }, 'Percent off must be a whole number from 1 to 100', 'percent'],
    ['101%', { percent: '101' }, 'Percent off must be a whole number from 1 to 100', 'percent'],
    ['12.5%', { percent: '12.5' }, 'Percent off must be a whole number from 1 to 100', 'percent'],
    ['no percent', { percent: '' }, 'Percent off must be a whole number from 1 to 100', 'percent'],
    ['no amount', { kind: 'fixed' }, 'Amount off is required', 'amount'],
    [
      'an amount in pence',
      { kind: 'fixed', amount: '3.505' },
      'Amount off must be an amount in pounds, like 20.00',
      'amount',
    ],
    ['an amount of £0', { kind: 'fixed', amount: '0.00' }, 'Amount off must be at least £0.01', 'amount'],
    [
      'a minimum in words',
      { min_subtotal: 'ten' },
      'Minimum spend must be an amount in pounds, like 20.00',
      'min_subtotal',
    ],
    ['30 February', { starts_on: '2027-02-30' }, 'Start date must be a real date', 'starts_on'],
    [
      'an end before the start',
      { starts_on: '2026-06-02', ends_on: '2026-06-01' },
      'End date must be on or after the start date',
      'ends_on',
    ],
    ['a use limit of 0', { max_uses: '0' }, 'Use limit must be a whole number from 1', 'max_uses'],
  ])('refuses %s with a 400 saying why, and writes nothing', async (_, overrides, message, fieldName) => {
    const before = await allCodes();
    const { status, body } = await call('POST', '/api/admin/discounts', form(overrides));
    expect(status).toBe(400);
    expect(body.error.message).toBe(message);
    expect(body.error.fields[fieldName]).toBe(message);
    expect(await allCodes()).toEqual(before);
  });

  it('names every field at fault at once, so the form can show them all', async () => {
    const { status, body } = await call(
      'POST',
      '/api/admin/discounts',
      form({
        code: 'NO SPACES',
        percent: '0',
        starts_on: '2026-06-02',
        ends_on: '2026-06-01',
        max_uses: 'x',
      }),
    );
    expect(status).toBe(400);
    expect(body.error.message).toBe('Code can only contain letters, digits and dashes');
    expect(Object.keys(body.error.fields).sort()).toEqual(['code', 'ends_on', 'max_uses', 'percent']);
  });

  it('refuses a code that exists in another case with a 409, and writes nothing', async () => {
    await call('POST', '/api/admin/discounts', form({ code: 'WELCOME5' }));
    const before = await allCodes();
    const { status, body } = await call('POST', '/api/admin/discounts', form({ code: 'welcome5' }));
    expect(status).toBe(409);
    expect(body.error.message).toBe('There is already a code WELCOME5');
    expect(await allCodes()).toEqual(before);
  });

  it('refuses a body that is not JSON', async () => {
    const res = await t.app.request('/api/admin/discounts', {
      method: 'POST',
      headers: { origin: t.origin, cookie, 'content-type': 'application/json' },
      body: 'code=SPRING',
    });
    expect(res.status).toBe(400);
  });
});

describe('PUT /api/admin/discounts/:id', () => {
  it('changes every term, and the list keeps its uses', async () => {
    const code = await usedCode(['paid']);
    const { status, body } = await call(
      'PUT',
      `/api/admin/discounts/${code.id}`,
      form({ code: 'summer-5', kind: 'fixed', amount: '5', min_subtotal: '20', once_per_customer: true }),
    );
    expect(status).toBe(200);
    expect(body.discount_code).toMatchObject({
      id: code.id,
      code: 'SUMMER-5',
      kind: 'fixed',
      value: 500,
      min_subtotal_pennies: 2000,
      once_per_customer: true,
      uses: 1,
      given_pennies: 150,
    });
  });

  it('refuses taking another code’s name, bad terms and unknown ids, changing nothing', async () => {
    await call('POST', '/api/admin/discounts', form({ code: 'TAKEN' }));
    const { body } = await call('POST', '/api/admin/discounts', form({ code: 'MINE' }));
    const id = body.discount_code.id;
    const before = await allCodes();
    const taken = await call('PUT', `/api/admin/discounts/${id}`, form({ code: 'taken' }));
    expect(taken).toMatchObject({
      status: 409,
      body: { error: { message: 'There is already a code TAKEN' } },
    });
    const bad = await call('PUT', `/api/admin/discounts/${id}`, form({ code: 'MINE', percent: '150' }));
    expect(bad.status).toBe(400);
    for (const missing of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await call('PUT', `/api/admin/discounts/${missing}`, form());
      expect(res).toMatchObject({ status: 404, body: { error: { message: 'Discount code not found' } } });
    }
    expect(await allCodes()).toEqual(before);
  });
});

describe('PATCH /api/admin/discounts/:id', () => {
  it('deactivates and activates a code', async () => {
    const { body } = await call('POST', '/api/admin/discounts', form());
    const id = body.discount_code.id;
    const off = await call('PATCH', `/api/admin/discounts/${id}`, { is_active: false });
    expect(off).toMatchObject({ status: 200, body: { discount_code: { id, is_active: false } } });
    const on = await call('PATCH', `/api/admin/discounts/${id}`, { is_active: true });
    expect(on.body.discount_code.is_active).toBe(true);
    const bad = await call('PATCH', `/api/admin/discounts/${id}`, { is_active: 'no' });
    expect(bad.status).toBe(400);
  });
});

describe('DELETE /api/admin/discounts/:id', () => {
  it('deletes a code no order carries', async () => {
    const { body } = await call('POST', '/api/admin/discounts', form());
    const res = await call('DELETE', `/api/admin/discounts/${body.discount_code.id}`);
    expect(res).toMatchObject({ status: 200, body: { outcome: 'deleted' } });
    expect((await allCodes()).find((c) => c.id === body.discount_code.id)).toBeUndefined();
  });

  it('only deactivates a code an order carried, even a cancelled one, so its orders keep it', async () => {
    const code = await usedCode(['cancelled']);
    const res = await call('DELETE', `/api/admin/discounts/${code.id}`);
    expect(res).toMatchObject({ status: 200, body: { outcome: 'deactivated' } });
    expect((await allCodes()).find((c) => c.id === code.id)).toMatchObject({ isActive: false });
    const [order] = await t.services.db.select().from(orders).where(eq(orders.discountCodeId, code.id));
    expect(order?.discountCode).toBe(code.code);
  });
});

describe('GET /api/admin/discounts', () => {
  it('counts uses held or kept, and what paid orders were given', async () => {
    const code = await usedCode(['pending', 'paid', 'paid', 'cancelled'], 200);
    const { body } = await call('GET', '/api/admin/discounts');
    const listed = body.discount_codes.find((c: { id: string }) => c.id === code.id);
    // The cancelled order gave its use back; the pending one has not paid, so gave nothing yet.
    expect(listed).toMatchObject({ uses: 3, given_pennies: 400 });
  });

  it('answers a customer with 403 and lists nothing', async () => {
    const customer = (await createUser(t)).cookie;
    const { status, body } = await call('GET', '/api/admin/discounts', undefined, customer);
    expect(status).toBe(403);
    expect(body).toEqual({ error: { code: 'forbidden', message: expect.any(String) } });
  });
});
