import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, contactMessages, emailOutbox, subscriptions } from '~/server/db/schema';
import { DiscountCodeFormSchema } from '~/shared/discounts/discount-code';
import { DEFAULT_TERMS } from '~/shared/legal/default-terms';
import { API_ACCESS } from '~/shared/staff/back-office-access';
import { api, createProduct, createUser } from '~/test/factories';
import { createDelivery, createOrder } from '~/test/order-factories';
import { createTestApp, type TestApp } from '~/test/test-app';

let t: TestApp;
let owner: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t, { staffRole: 'owner', fullName: 'Olive Owner' });
});
afterAll(() => t.close());

const entries = () => t.services.db.select().from(activityLog);

describe('the activity log is append-only', () => {
  it('the database refuses to change or delete an entry, whoever asks', async () => {
    const [entry] = await t.services.db
      .insert(activityLog)
      .values({
        actorId: 'x',
        actorName: 'X',
        actorRole: 'owner',
        kind: 'test',
        recordType: 't',
        recordId: '1',
      })
      .returning();
    await expect(
      t.services.db
        .update(activityLog)
        .set({ actorName: 'Someone else' })
        .where(eq(activityLog.id, entry!.id)),
    ).rejects.toThrow();
    await expect(t.services.db.delete(activityLog).where(eq(activityLog.id, entry!.id))).rejects.toThrow();
    await expect(t.services.db.execute(sql`delete from activity_log`)).rejects.toThrow();
    const [kept] = await t.services.db.select().from(activityLog).where(eq(activityLog.id, entry!.id));
    expect(kept?.actorName).toBe('X');
  });
});

/** A back-office write, made as the owner from 203.0.113.7, and the entry it must leave. */
type Write = () => Promise<{ method: string; url: string; body?: unknown; kind: string; recordId: string }>;

const png = () =>
  sharp({ create: { width: 900, height: 900, channels: 3, background: '#c8a060' } })
    .png()
    .toBuffer();

/** Every back-office write route whose change is logged, with a request that changes something. */
const LOGGED: Record<string, Write> = {
  'PATCH /api/admin/orders/:id': async () => {
    const order = await createOrder(t.services, { status: 'paid' });
    return {
      method: 'PATCH',
      url: `/api/admin/orders/${order.id}`,
      body: { status: 'baking' },
      kind: 'order.status',
      recordId: order.id,
    };
  },
  'POST /api/admin/orders/:id/refunds': async () => {
    const order = await createOrder(t.services, { status: 'paid' });
    const body = { amount: 'full', reason: 'Broken in the post', request_key: 'refund-key-1234' };
    return {
      method: 'POST',
      url: `/api/admin/orders/${order.id}/refunds`,
      body,
      kind: 'order.refund',
      recordId: order.id,
    };
  },
  'POST /api/admin/orders/:id/payments': async () => {
    const order = await createOrder(t.services, { status: 'pending' });
    const body = { method: 'cash', amount: order.totalPennies, request_key: 'cash-key-12345' };
    return {
      method: 'POST',
      url: `/api/admin/orders/${order.id}/payments`,
      body,
      kind: 'order.payment',
      recordId: order.id,
    };
  },
  'GET /api/admin/orders/export.csv': async () => ({
    method: 'GET',
    url: '/api/admin/orders/export.csv',
    kind: 'export.orders',
    recordId: 'orders',
  }),
  'GET /api/admin/books/export.csv': async () => ({
    method: 'GET',
    url: '/api/admin/books/export.csv?format=xero&kind=invoices&month=2026-11',
    kind: 'export.books',
    recordId: 'books',
  }),
  'GET /api/admin/customers/export.csv': async () => ({
    method: 'GET',
    url: '/api/admin/customers/export.csv',
    kind: 'export.customers',
    recordId: 'customers',
  }),
  'POST /api/admin/products': async () => ({
    method: 'POST',
    url: '/api/admin/products',
    body: { name: 'Logged Cookie', description: 'x', price_pennies: 250, is_active: false },
    kind: 'product.create',
    recordId: '',
  }),
  'PATCH /api/admin/products/:id': async () => {
    const p = await createProduct(t.services);
    return {
      method: 'PATCH',
      url: `/api/admin/products/${p.id}`,
      body: { price_pennies: 399 },
      kind: 'product.update',
      recordId: p.id,
    };
  },
  'PUT /api/admin/products/:id/photo': async () => {
    const p = await createProduct(t.services);
    const form = new FormData();
    form.set('photo', new File([new Uint8Array(await png())], 'cookie.png', { type: 'image/png' }));
    return {
      method: 'PUT',
      url: `/api/admin/products/${p.id}/photo`,
      body: form,
      kind: 'product.photo',
      recordId: p.id,
    };
  },
  'PUT /api/admin/products/:id/photo/crop': async () => {
    const p = await createProduct(t.services);
    await t.services.admin.products.setPhoto(p.id, await png());
    const body = { x: 30, y: 40, zoom: 2 };
    return {
      method: 'PUT',
      url: `/api/admin/products/${p.id}/photo/crop`,
      body,
      kind: 'product.photo',
      recordId: p.id,
    };
  },
  'DELETE /api/admin/products/:id/photo': async () => {
    const p = await createProduct(t.services);
    return {
      method: 'DELETE',
      url: `/api/admin/products/${p.id}/photo`,
      kind: 'product.photo',
      recordId: p.id,
    };
  },
  'DELETE /api/admin/products/:id': async () => {
    const p = await createProduct(t.services);
    return { method: 'DELETE', url: `/api/admin/products/${p.id}`, kind: 'product.remove', recordId: p.id };
  },
  'POST /api/admin/discounts': async () => ({
    method: 'POST',
    url: '/api/admin/discounts',
    body: { code: 'LOGGED10', kind: 'percent', percent: '10', is_active: true },
    kind: 'discount.create',
    recordId: '',
  }),
  'PUT /api/admin/discounts/:id': async () => {
    const d = await discount('LOGPUT');
    const body = { code: 'LOGPUT', kind: 'percent', percent: '15', is_active: true };
    return {
      method: 'PUT',
      url: `/api/admin/discounts/${d.id}`,
      body,
      kind: 'discount.update',
      recordId: d.id,
    };
  },
  'PATCH /api/admin/discounts/:id': async () => {
    const d = await discount('LOGPATCH');
    return {
      method: 'PATCH',
      url: `/api/admin/discounts/${d.id}`,
      body: { is_active: false },
      kind: 'discount.active',
      recordId: d.id,
    };
  },
  'POST /api/admin/ingredients': async () => ({
    method: 'POST',
    url: '/api/admin/ingredients',
    body: { name: 'Logged flour', unit: 'g', contains: ['gluten'] },
    kind: 'ingredient.create',
    recordId: '',
  }),
  'PUT /api/admin/ingredients/:id': async () => {
    const i = await t.services.recipes.createIngredient({ name: 'Logged sugar', unit: 'g' });
    return {
      method: 'PUT',
      url: `/api/admin/ingredients/${i.id}`,
      body: { name: 'Logged caster sugar', unit: 'g' },
      kind: 'ingredient.update',
      recordId: i.id,
    };
  },
  'DELETE /api/admin/ingredients/:id': async () => {
    const i = await t.services.recipes.createIngredient({ name: 'Logged salt', unit: 'g' });
    return {
      method: 'DELETE',
      url: `/api/admin/ingredients/${i.id}`,
      kind: 'ingredient.delete',
      recordId: i.id,
    };
  },
  'PUT /api/admin/products/:id/recipe': async () => {
    const i = await t.services.recipes.createIngredient({ name: 'Logged oats', unit: 'g' });
    const p = await createProduct(t.services, { allergens: [] });
    return {
      method: 'PUT',
      url: `/api/admin/products/${p.id}/recipe`,
      body: {
        cookies_per_batch: 10,
        mixer_max_cookies: 20,
        lines: [{ ingredient_id: i.id, quantity: 100, unit: 'g' }],
      },
      kind: 'recipe.create',
      recordId: '',
    };
  },
  'POST /api/admin/sub-recipes': async () => {
    const i = await t.services.recipes.createIngredient({ name: 'Logged icing sugar', unit: 'g' });
    return {
      method: 'POST',
      url: '/api/admin/sub-recipes',
      body: {
        name: 'Logged glaze',
        yield_grams: 100,
        lines: [{ ingredient_id: i.id, quantity: 100, unit: 'g' }],
      },
      kind: 'recipe.create',
      recordId: '',
    };
  },
  'PUT /api/admin/sub-recipes/:id': async () => {
    const i = await t.services.recipes.createIngredient({ name: 'Logged cocoa', unit: 'g' });
    const lines = [{ ingredient_id: i.id, quantity: 50, unit: 'g' }];
    const r = await t.services.recipes.saveSubRecipe(null, { name: 'Logged paste', yield_grams: 50, lines });
    return {
      method: 'PUT',
      url: `/api/admin/sub-recipes/${r.id}`,
      body: { name: 'Logged cocoa paste', yield_grams: 50, lines },
      kind: 'recipe.update',
      recordId: r.id,
    };
  },
  'DELETE /api/admin/recipes/:id': async () => {
    const i = await t.services.recipes.createIngredient({ name: 'Logged honey', unit: 'g' });
    const lines = [{ ingredient_id: i.id, quantity: 50, unit: 'g' }];
    const r = await t.services.recipes.saveSubRecipe(null, { name: 'Logged syrup', yield_grams: 50, lines });
    return { method: 'DELETE', url: `/api/admin/recipes/${r.id}`, kind: 'recipe.delete', recordId: r.id };
  },
  'DELETE /api/admin/discounts/:id': async () => {
    const d = await discount('LOGDEL');
    return { method: 'DELETE', url: `/api/admin/discounts/${d.id}`, kind: 'discount.remove', recordId: d.id };
  },
  'PATCH /api/admin/deliveries/:id': async () => {
    const order = await createOrder(t.services, { status: 'shipped' });
    const delivery = await createDelivery(t.services, { orderId: order.id });
    const body = { status: 'delivered' };
    return {
      method: 'PATCH',
      url: `/api/admin/deliveries/${delivery.id}`,
      body,
      kind: 'delivery.update',
      recordId: order.id,
    };
  },
  'PUT /api/admin/bake-days/template': async () => ({
    method: 'PUT',
    url: '/api/admin/bake-days/template',
    body: {
      deliveryWeekdays: [2, 5],
      cutoffTime: '09:00',
      cutoffDaysBefore: 1,
      horizonDays: 14,
      capacityCookies: 300,
    },
    kind: 'bake-days.template',
    recordId: '1',
  }),
  'PUT /api/admin/bake-days/overrides/:date': async () => ({
    method: 'PUT',
    url: '/api/admin/bake-days/overrides/2099-12-25',
    body: { closed: true, note: 'Christmas' },
    kind: 'bake-days.override',
    recordId: '2099-12-25',
  }),
  'DELETE /api/admin/bake-days/overrides/:date': async () => {
    await t.services.bakeDays.setOverride({ date: '2099-12-26', closed: true, note: 'Boxing Day' });
    return {
      method: 'DELETE',
      url: '/api/admin/bake-days/overrides/2099-12-26',
      kind: 'bake-days.override-removed',
      recordId: '2099-12-26',
    };
  },
  'PUT /api/admin/settings': async () => ({
    method: 'PUT',
    url: '/api/admin/settings',
    body: { deliveryFee: '3.50', freeDelivery: true, freeDeliveryOver: '30' },
    kind: 'settings.save',
    recordId: '1',
  }),
  'PUT /api/admin/settings/trader': async () => ({
    method: 'PUT',
    url: '/api/admin/settings/trader',
    body: {
      legalName: 'Logged Cookies Ltd',
      address: '4 Wyle Cop, Shrewsbury SY1 1UT',
      email: 'hello@bakery.example',
      phone: '01743 555 0123',
      companyNumber: '',
      registeredOffice: '',
      vatNumber: '',
    },
    kind: 'settings.trader',
    recordId: 'trader',
  }),
  'POST /api/admin/settings/terms': async () => ({
    method: 'POST',
    url: '/api/admin/settings/terms',
    body: { body: `${DEFAULT_TERMS}\n\n## Logged\nA change the log must record (${Date.now()}).` },
    kind: 'terms.publish',
    recordId: '',
  }),
  'POST /api/admin/delivery-zones': async () => ({
    method: 'POST',
    url: '/api/admin/delivery-zones',
    body: zone('Logged zone'),
    kind: 'zone.add',
    recordId: '',
  }),
  'PUT /api/admin/delivery-zones/:id': async () => {
    const id = await zoneId('Zone to rename');
    return {
      method: 'PUT',
      url: `/api/admin/delivery-zones/${id}`,
      body: zone('Zone renamed'),
      kind: 'zone.save',
      recordId: id,
    };
  },
  'DELETE /api/admin/delivery-zones/:id': async () => {
    const id = await zoneId('Zone to remove');
    return { method: 'DELETE', url: `/api/admin/delivery-zones/${id}`, kind: 'zone.remove', recordId: id };
  },
  'PUT /api/admin/staff/:id': async () => {
    const packer = await createUser(t, { staffRole: 'staff' });
    return {
      method: 'PUT',
      url: `/api/admin/staff/${packer.userId}`,
      body: { role: 'baker' },
      kind: 'staff.role',
      recordId: packer.userId,
    };
  },
  'POST /api/admin/staff/:id/second-factor/reset': async () => {
    const packer = await createUser(t, { staffRole: 'staff' });
    return {
      method: 'POST',
      url: `/api/admin/staff/${packer.userId}/second-factor/reset`,
      kind: 'staff.second-factor-reset',
      recordId: packer.userId,
    };
  },
  'POST /api/admin/staff/invites': async () => ({
    method: 'POST',
    url: '/api/admin/staff/invites',
    body: { name: 'Logged Invite', email: `logged-invite-${Date.now()}@example.com`, role: 'staff' },
    kind: 'staff.invite',
    recordId: '',
  }),
  'POST /api/admin/emails/:id/resend': async () => {
    const [mail] = await t.services.db
      .insert(emailOutbox)
      .values({
        dedupeKey: crypto.randomUUID(),
        kind: 'test',
        to: 'someone@example.com',
        subject: 'Hello',
        text: 'Hello',
        html: '<p>Hello</p>',
        status: 'failed',
      })
      .returning();
    return {
      method: 'POST',
      url: `/api/admin/emails/${mail!.id}/resend`,
      body: {},
      kind: 'email.resend',
      recordId: mail!.id,
    };
  },
  'POST /api/admin/subscriptions/:id/skip': async () => {
    const id = await subscription('active');
    return {
      method: 'POST',
      url: `/api/admin/subscriptions/${id}/skip`,
      body: {},
      kind: 'subscription.skip',
      recordId: id,
    };
  },
  'POST /api/admin/subscriptions/:id/pause': async () => {
    const id = await subscription('active');
    return {
      method: 'POST',
      url: `/api/admin/subscriptions/${id}/pause`,
      body: { until: null },
      kind: 'subscription.pause',
      recordId: id,
    };
  },
  'POST /api/admin/subscriptions/:id/resume': async () => {
    const id = await subscription('paused');
    return {
      method: 'POST',
      url: `/api/admin/subscriptions/${id}/resume`,
      body: {},
      kind: 'subscription.resume',
      recordId: id,
    };
  },
  'POST /api/admin/subscriptions/:id/cancel': async () => {
    const id = await subscription('active');
    return {
      method: 'POST',
      url: `/api/admin/subscriptions/${id}/cancel`,
      body: {},
      kind: 'subscription.cancel',
      recordId: id,
    };
  },
  'PATCH /api/contact/messages/:id': async () => {
    const [message] = await t.services.db
      .insert(contactMessages)
      .values({ name: 'Ann', email: 'ann@example.com', message: 'Hello there, lovely cookies' })
      .returning();
    return {
      method: 'PATCH',
      url: `/api/contact/messages/${message!.id}`,
      body: { state: 'handled' },
      kind: 'message.state',
      recordId: message!.id,
    };
  },
  'DELETE /api/admin/staff/:id': async () => {
    const packer = await createUser(t, { staffRole: 'staff' });
    return {
      method: 'DELETE',
      url: `/api/admin/staff/${packer.userId}`,
      kind: 'staff.remove',
      recordId: packer.userId,
    };
  },
};

/** A member's subscription in `status`, with a saved card, its next box a month away. */
async function subscription(status: 'active' | 'paused') {
  const member = await createUser(t);
  const [row] = await t.services.db
    .insert(subscriptions)
    .values({
      profileId: member.userId,
      quantity: 1,
      everyWeeks: 2,
      weekday: 5,
      status,
      nextDeliveryDate: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
      paymentProvider: 'test',
      paymentMethodId: 'pm_test',
      quotedPennies: 1500,
    })
    .returning();
  return row!.id;
}

const discount = (code: string) =>
  t.services.discounts.create(
    DiscountCodeFormSchema.parse({ code, kind: 'percent', percent: '10', is_active: true }),
  );
const zone = (name: string) => ({
  name,
  postcodes: `SY${name.length} 9`,
  method: 'van',
  fee: '1.75',
  weekdays: [2],
});
async function zoneId(name: string) {
  const { zones } = await t.services.zones.save(null, zone(name));
  return zones.find((z) => z.name === name)!.id;
}

/** The request as the owner sends it from a known address. */
function send(method: string, url: string, body?: unknown) {
  const headers: Record<string, string> = {
    origin: t.origin,
    cookie: owner.cookie,
    'x-forwarded-for': '203.0.113.7',
  };
  if (body !== undefined && !(body instanceof FormData)) headers['content-type'] = 'application/json';
  const payload = body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body);
  return t.app.request(url, { method, headers, body: payload });
}

describe('every back-office write leaves one entry, in its own transaction', () => {
  it('every write route in the route table has a request here that must leave an entry', () => {
    // Exports of customers' data count as writes; reading the log itself does not.
    const exports = (r: string) => r.endsWith('export.csv') && !r.includes('/activity/');
    const writes = Object.keys(API_ACCESS).filter((r) => !r.startsWith('GET ') || exports(r));
    expect(Object.keys(LOGGED).sort()).toEqual(writes.sort());
  });

  for (const [route, write] of Object.entries(LOGGED)) {
    it(`${route} writes who, their role, from where, what, which record, before and after`, async () => {
      const { method, url, body, kind, recordId } = await write();
      const before = (await entries()).length;
      const res = await send(method, url, body);
      expect(res.status, await res.clone().text()).toBeLessThan(300);
      if (url.endsWith('.csv')) await res.text();
      const added = (await entries()).slice(before);
      const mine = (await entries()).filter(
        (e) => e.kind === kind && (recordId === '' || e.recordId === recordId),
      );
      expect(added.length, `${route} left no entry`).toBeGreaterThan(0);
      expect(mine.at(-1)).toMatchObject({
        actorId: owner.userId,
        actorName: 'Olive Owner',
        actorRole: 'owner',
        kind,
      });
      expect(mine.at(-1)!.ip).toBeTruthy();
    });
  }

  it('a refused change leaves no entry', async () => {
    const before = (await entries()).length;
    const res = await send('PUT', '/api/admin/settings', { deliveryFee: 'lots' });
    expect(res.status).toBe(400);
    expect((await entries()).length).toBe(before);
  });

  it("keeps the fields before and after: an order's status", async () => {
    const order = await createOrder(t.services, { status: 'paid' });
    await send('PATCH', `/api/admin/orders/${order.id}`, { status: 'shipped' });
    const [entry] = (await entries()).filter((e) => e.recordId === order.id);
    expect(entry).toMatchObject({
      kind: 'order.status',
      before: { status: 'paid' },
      after: { status: 'shipped' },
    });
  });

  it('a change made by a customer, not the back office, writes no entry', async () => {
    const before = (await entries()).length;
    const customer = await createUser(t);
    await api(
      t,
      'POST',
      '/api/contact',
      { name: 'Ann', email: 'ann@example.com', message: 'Hello there, lovely cookies' },
      customer.cookie,
    );
    expect((await entries()).length).toBe(before);
  });
});

describe('the Activity API', () => {
  it('filters by person and kind, and exports the same entries as CSV', async () => {
    const order = await createOrder(t.services, { status: 'paid' });
    await send('PATCH', `/api/admin/orders/${order.id}`, { status: 'baking' });
    const res = await api(
      t,
      'GET',
      `/api/admin/activity?person=${owner.userId}&kind=order.status`,
      undefined,
      owner.cookie,
    );
    const body = await res.json();
    expect(body.items.length).toBeGreaterThan(0);
    expect(
      body.items.every(
        (e: { kind: string; actor: { id: string } }) =>
          e.kind === 'order.status' && e.actor.id === owner.userId,
      ),
    ).toBe(true);
    const csv = await (
      await api(t, 'GET', '/api/admin/activity/export.csv?kind=order.status', undefined, owner.cookie)
    ).text();
    expect(csv).toContain(order.id);
    expect(csv).toContain('Olive Owner');
  });

  it("a product's Activity link shows that product's entries only", async () => {
    const [mine, other] = [await createProduct(t.services), await createProduct(t.services)];
    await send('PATCH', `/api/admin/products/${mine.id}`, { price_pennies: 399 });
    await send('PATCH', `/api/admin/products/${mine.id}`, { price_pennies: 425 });
    await send('PATCH', `/api/admin/products/${other.id}`, { price_pennies: 299 });
    const res = await api(t, 'GET', `/api/admin/activity?record=product:${mine.id}`, undefined, owner.cookie);
    const { items } = await res.json();
    expect(
      items.map((e: { kind: string; record: { id: string }; after: unknown }) => [e.record.id, e.after]),
    ).toEqual([
      [mine.id, { pricePennies: 425 }],
      [mine.id, { pricePennies: 399 }],
    ]);
  });

  it("a deleted customer's order keeps its entries, and no entry names the customer", async () => {
    const customer = await createUser(t, { fullName: 'Dora Deleted' });
    const profile = { profileId: customer.userId };
    const order = await createOrder(t.services, { ...profile, status: 'paid' });
    await send('PATCH', `/api/admin/orders/${order.id}`, { status: 'completed' });
    expect(
      (await api(t, 'POST', '/api/account/delete', { password: customer.password }, customer.cookie)).status,
    ).toBe(200);
    const theirs = (await entries()).filter((e) => e.recordId === order.id);
    expect(theirs.length).toBe(1);
    const csv = await (await api(t, 'GET', '/api/admin/activity/export.csv', undefined, owner.cookie)).text();
    expect(csv).toContain(order.id);
    expect(csv).not.toContain('Dora Deleted');
    expect(csv).not.toContain(customer.email);
  });
  it('counts a long log only 10,000 entries past the page, and says there are more', async () => {
    const person = 'count-ahead-person';
    await t.services.db.execute(sql`
      insert into activity_log (at, actor_id, actor_name, actor_role, kind, record_type, record_id)
      select now() - g * interval '1 second', ${person}, 'Counted Person', 'staff', 'order.status', 'order', 'o' || g
      from generate_series(1, 10050) g`);
    const list = (page: number) => t.services.activity.list({ person, page });
    expect(await list(1)).toMatchObject({ total: 10_000, more: true, pageCount: 500 });
    expect(await list(2)).toMatchObject({ total: 10_020, more: true, pageCount: 501 });
    const last = await list(500);
    expect(last).toMatchObject({ total: 10_050, more: false, pageCount: 503 });
    expect(last.items[0]!.record.id).toBe('o9981');
  });

  it('offers each person once, under the name of their latest entry, and each kind once', async () => {
    await t.services.db.execute(sql`
      insert into activity_log (at, actor_id, actor_name, actor_role, kind, record_type, record_id) values
        (now() - interval '2 days', 'renamed-person', 'Old Name', 'staff', 'kind.rare-one', 'order', 'x'),
        (now() - interval '1 day', 'renamed-person', 'New Name', 'staff', 'kind.rare-one', 'order', 'y')`);
    const { people, kinds } = await t.services.activity.list({});
    expect(people.filter((p) => p.id === 'renamed-person')).toEqual([
      { id: 'renamed-person', name: 'New Name' },
    ]);
    expect(kinds.filter((k) => k === 'kind.rare-one')).toEqual(['kind.rare-one']);
    expect(kinds).toEqual([...new Set(kinds)].sort());
  });

  it("a bake day's entries are found by its record", async () => {
    await t.services.db.execute(sql`
      insert into activity_log (actor_id, actor_name, actor_role, kind, record_type, record_id) values
        (${owner.userId}, 'Olive Owner', 'owner', 'production.print', 'bake_day', '2026-12-18'),
        (${owner.userId}, 'Olive Owner', 'owner', 'production.print', 'bake_day', '2026-12-19')`);
    const { items } = await t.services.activity.list({ record: 'bake_day:2026-12-18' });
    expect(items.map((e) => [e.kind, e.record.id])).toEqual([['production.print', '2026-12-18']]);
  });
});
