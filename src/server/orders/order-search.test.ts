import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ownerTestApp } from '~/test/factories';
import { createCustomer, createOrder } from '~/test/order-factories';
import type { TestApp } from '~/test/test-app';

let t: TestApp;
let cookie: string;
let ids: Record<'cara' | 'dan' | 'summer' | 'winter', string>;

beforeAll(async () => {
  ({ t, cookie } = await ownerTestApp());
  const cara = await createCustomer(t.services, {
    fullName: 'Cara Crumb',
    email: 'cara.crumb@example.com',
    postcode: 'SY8 1NG',
  });
  const dan = await createCustomer(t.services, {
    fullName: 'Dan O_Brien',
    email: 'dan@bakers.test',
    postcode: 'TF1 2AB',
  });
  ids = {
    cara: (
      await createOrder(t.services, {
        profile: cara,
        status: 'paid',
        createdAt: new Date('2032-03-10T12:00:00Z'),
      })
    ).id,
    dan: (
      await createOrder(t.services, {
        profile: dan,
        status: 'shipped',
        createdAt: new Date('2032-03-11T12:00:00Z'),
      })
    ).id,
    // 23:30 UTC on 30 June is 00:30 on 1 July in London (summer time).
    summer: (await createOrder(t.services, { profile: dan, createdAt: new Date('2032-06-30T23:30:00Z') })).id,
    // 23:30 UTC on 31 December is still 31 December in London (GMT).
    winter: (
      await createOrder(t.services, {
        profile: cara,
        status: 'cancelled',
        createdAt: new Date('2032-12-31T23:30:00Z'),
      })
    ).id,
  };
});
afterAll(() => t.close());

const found = async (query: string) => {
  const res = await api(t, 'GET', `/api/admin/orders?${query}`, undefined, cookie);
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(200);
  return (body.items as { id: string }[]).map((o) => o.id).sort();
};
const sorted = (...list: string[]) => [...list].sort();

describe('orders search (GET /api/admin/orders?q=)', () => {
  it('finds an order by its number, with or without #, in any case', async () => {
    expect(await found(`q=${ids.cara.slice(0, 8)}`)).toContain(ids.cara);
    expect(await found(`q=%23${ids.cara.slice(0, 8).toUpperCase()}`)).toEqual([ids.cara]);
  });

  it('finds orders by postcode, ignoring spaces and case, from its start', async () => {
    expect(await found('q=sy81ng')).toEqual(sorted(ids.cara, ids.winter));
    expect(await found('q=SY8%201')).toEqual(sorted(ids.cara, ids.winter));
    expect(await found('q=TF1')).toEqual(sorted(ids.dan, ids.summer));
  });

  it('finds orders by customer name (any part) or e-mail (its start)', async () => {
    expect(await found('q=crumb')).toEqual(sorted(ids.cara, ids.winter));
    expect(await found('q=DAN%40bakers')).toEqual(sorted(ids.dan, ids.summer));
  });

  it('matches % and _ literally, and finds nothing for an unknown customer', async () => {
    expect(await found('q=O_B')).toEqual(sorted(ids.dan, ids.summer));
    expect(await found('q=%25')).toEqual([]);
    expect(await found('q=nobody-at-all')).toEqual([]);
  });
});

describe('orders filters', () => {
  it('combines search with a status', async () => {
    expect(await found('q=crumb&status=cancelled')).toEqual([ids.winter]);
  });

  it('takes a date range in London days, both ends included', async () => {
    expect(await found('from=2032-03-10&to=2032-03-10')).toEqual([ids.cara]);
    expect(await found('from=2032-07-01&to=2032-07-01')).toEqual([ids.summer]);
    expect(await found('from=2032-12-31&to=2032-12-31')).toEqual([ids.winter]);
    expect(await found('from=2032-03-11&to=2032-12-30')).toEqual(sorted(ids.dan, ids.summer));
  });

  it('says which filters it applied and how many orders match', async () => {
    const res = await api(t, 'GET', '/api/admin/orders?q=crumb&status=&from=2032-01-01', undefined, cookie);
    const body = await res.json();
    expect(body.total).toBe(2);
    expect(body.filter).toEqual({ q: 'crumb', from: '2032-01-01' });
  });

  it.each([
    ['from=2032-13-01', 'From must be a real date'],
    ['to=yesterday', 'To must be a date (YYYY-MM-DD)'],
    ['from=2032-03-02&to=2032-03-01', 'From must be on or before To'],
    [`q=${'x'.repeat(101)}`, 'Search must be less than 100 characters'],
  ])('answers 400 to %s', async (query, message) => {
    const res = await api(t, 'GET', `/api/admin/orders?${query}`, undefined, cookie);
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain(message);
  });
});

describe('delivery day filter (GET /api/admin/orders?day=)', () => {
  it('lists the orders for one delivery day, with the other filters, and exports the same', async () => {
    const eve = await createCustomer(t.services, { fullName: 'Eve Delivery', postcode: 'SY3 9ZZ' });
    const thursday = await createOrder(t.services, {
      profile: eve,
      status: 'paid',
      deliveryDate: '2033-05-12',
    });
    const alsoThursday = await createOrder(t.services, {
      profile: eve,
      status: 'pending',
      deliveryDate: '2033-05-12',
    });
    await createOrder(t.services, { profile: eve, status: 'paid', deliveryDate: '2033-05-13' });

    expect(await found('day=2033-05-12')).toEqual(sorted(thursday.id, alsoThursday.id));
    expect(await found('day=2033-05-12&status=paid')).toEqual([thursday.id]);
    expect(await found('day=2033-05-14')).toEqual([]);

    const csv = await api(t, 'GET', '/api/admin/orders/export.csv?day=2033-05-12', undefined, cookie);
    expect(csv.status).toBe(200);
    const rows = (await csv.text()).trimEnd().split('\r\n').slice(1);
    expect(rows.map((r) => r.slice(0, 8)).sort()).toEqual(
      sorted(thursday.id.slice(0, 8), alsoThursday.id.slice(0, 8)),
    );
    for (const r of rows) expect(r).toContain(',2033-05-12,');
  });

  it('refuses a day that is not a date, for the list and the export', async () => {
    for (const url of ['/api/admin/orders?day=2033-02-30', '/api/admin/orders/export.csv?day=soon']) {
      const res = await api(t, 'GET', url, undefined, cookie);
      expect(res.status, url).toBe(400);
      expect((await res.json()).error.message).toMatch(/^Delivery day must be a (real )?date/);
    }
  });
});
