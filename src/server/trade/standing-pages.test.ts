import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, standingOrders } from '~/server/db/schema';
import { loadClientBuild } from '~/server/load-build';
import { createProduct, createUser } from '~/test/factories';
import { createTestApp, type TestApp } from '~/test/test-app';
import { approvedCafe } from '~/test/trade-factories';

// Rendered by the real build (run `npm run build` first).
let t: TestApp;
let cookieId: string;
beforeAll(async () => {
  t = await createTestApp({ build: await loadClientBuild(process.env.BUILD_DIR) });
  await t.services.bakeDays.saveTemplate({
    deliveryWeekdays: [1, 2, 3, 4, 5, 6],
    workingWeekdays: [0, 1, 2, 3, 4, 5, 6],
    cutoffTime: '14:00',
    cutoffDaysBefore: 1,
    horizonDays: 21,
    capacityCookies: 10_000,
  });
  cookieId = (await createProduct(t.services, { name: 'Standing Shortbread', pricePennies: 300, vatRate: 0 }))
    .id;
});
afterAll(() => t?.close());

const get = (path: string, cookie?: string) =>
  t.app.request(path, { headers: { origin: t.origin, ...(cookie ? { cookie } : {}) }, redirect: 'manual' });

const post = (path: string, form: [string, string][], cookie: string) =>
  t.app.request(`${t.origin}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: t.origin, cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });

describe('the standing orders pages', () => {
  it('are the approved café’s own: a visitor signs in, a customer without an account applies', async () => {
    expect((await get('/trade/standing')).headers.get('location')).toMatch(/^\/auth\?redirectTo=/);
    const { cookie } = await createUser(t);
    expect((await get('/trade/standing', cookie)).headers.get('location')).toBe('/trade/apply');
  });

  it('let the café set one up (refusing a weekday it has no delivery, saying why), unlogged', async () => {
    const cafe = await createUser(t);
    const account = await approvedCafe(t, cafe.userId, [
      { productId: cookieId, price: '1.00', caseSize: 12 },
    ]);
    const sunday = await post(
      '/trade/standing.data',
      [
        ['intent', 'standing-save'],
        ['weekdays', '0'],
        [`q_${cookieId}`, '24'],
      ],
      cafe.cookie,
    );
    expect(sunday.status).toBe(400);
    expect(await sunday.text()).toContain('We do not deliver to you on Sundays');
    const saved = await post(
      '/trade/standing.data',
      [
        ['intent', 'standing-save'],
        ['weekdays', '2'],
        ['weekdays', '5'],
        [`q_${cookieId}`, '24'],
      ],
      cafe.cookie,
    );
    expect(saved.status).toBe(200);
    const [row] = await t.services.db
      .select()
      .from(standingOrders)
      .where(eq(standingOrders.accountId, account.id));
    expect(row).toMatchObject({
      weekdays: [2, 5],
      lines: [{ productId: cookieId, quantity: 24 }],
      status: 'active',
    });
    expect(await (await get('/trade/standing', cafe.cookie)).text()).toContain('Every Tuesday and Friday');
    const logged = await t.services.db.select().from(activityLog).where(eq(activityLog.recordId, row!.id));
    expect(logged).toEqual([]);
  });

  it('are the owner’s on the trade account’s page, every change logged; staff cannot', async () => {
    const owner = await createUser(t, { staffRole: 'owner' });
    const staff = await createUser(t, { staffRole: 'staff' });
    const cafe = await createUser(t);
    const account = await approvedCafe(t, cafe.userId, [
      { productId: cookieId, price: '1.00', caseSize: 12 },
    ]);
    const form: [string, string][] = [
      ['intent', 'standing-save'],
      ['weekdays', '3'],
      [`q_${cookieId}`, '36'],
    ];
    expect((await post(`/admin/trade/${account.id}.data`, form, staff.cookie)).status).toBe(403);
    expect((await post(`/admin/trade/${account.id}.data`, form, owner.cookie)).status).toBe(200);
    const [row] = await t.services.db
      .select()
      .from(standingOrders)
      .where(eq(standingOrders.accountId, account.id));
    const paused = await post(
      `/admin/trade/${account.id}.data`,
      [
        ['intent', 'standing-pause'],
        ['id', row!.id],
      ],
      owner.cookie,
    );
    expect(paused.status).toBe(200);
    const logged = await t.services.db.select().from(activityLog).where(eq(activityLog.recordId, row!.id));
    expect(logged.map((e) => e.kind).sort()).toEqual([
      'trade.standing-order-created',
      'trade.standing-order-paused',
    ]);
    const page = await (await get(`/admin/trade/${account.id}`, owner.cookie)).text();
    expect(page).toContain('Every Wednesday');
    expect(page).toContain('Paused');
  });
});
