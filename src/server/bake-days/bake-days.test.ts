import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bakeDayOverrides, bakeDayTemplate } from '~/server/db/schema';
import { CLOSED_WITH_CAPACITY } from '~/shared/bake-days/schemas';
import { londonDate } from '~/shared/time/london-time';
import { apiJson, ownerTestApp } from '~/test/factories';
import type { TestApp } from '~/test/test-app';
import { createBakeDaysService } from './bake-days-service';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  ({ t, cookie } = await ownerTestApp());
});
afterAll(() => t.close());

const call = (method: string, url: string, body?: unknown) => apiJson(t, method, url, body, cookie);
const template = {
  deliveryWeekdays: [2, 3, 4, 5, 6],
  collectionWeekdays: [2, 3, 4, 5, 6],
  workingWeekdays: [1, 2, 3, 4, 5, 6],
  cutoffTime: '14:00',
  cutoffDaysBefore: 1,
  horizonDays: 21,
  capacityCookies: 300,
};

describe('the weekly template', () => {
  it('starts as Tuesday to Saturday, worked Monday to Saturday, 2pm the day before, 21 days ahead, 300 cookies', async () => {
    const { status, body } = await call('GET', '/api/admin/bake-days');
    expect(status).toBe(200);
    expect(body.template).toEqual(template);
    expect(body.days).toHaveLength(22);
    expect(body.days[0].date).toBe(londonDate(new Date()));
  });

  it('a saved template holds at once for every instance (nothing cached)', async () => {
    const other = createBakeDaysService(t.services.db);
    const saved = await call('PUT', '/api/admin/bake-days/template', {
      ...template,
      deliveryWeekdays: [5, 3, 3],
      cutoffTime: '10:30',
      capacityCookies: 120,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.template).toMatchObject({ deliveryWeekdays: [3, 5], capacityCookies: 120 });
    expect((await other.getTemplate()).cutoffTime).toBe('10:30');
    await call('PUT', '/api/admin/bake-days/template', template);
    expect(await other.getTemplate()).toEqual(template);
  });

  it('keeps collection weekdays of their own, the delivery days when none are sent', async () => {
    const { collectionWeekdays: _, ...withoutCollection } = template;
    const same = await call('PUT', '/api/admin/bake-days/template', {
      ...withoutCollection,
      deliveryWeekdays: [1, 2],
    });
    expect(same.body.template).toMatchObject({ deliveryWeekdays: [1, 2], collectionWeekdays: [1, 2] });
    const own = await call('PUT', '/api/admin/bake-days/template', {
      ...template,
      collectionWeekdays: [6, 5],
    });
    expect(own.body.template).toMatchObject({
      deliveryWeekdays: [2, 3, 4, 5, 6],
      collectionWeekdays: [5, 6],
    });
    await call('PUT', '/api/admin/bake-days/template', template);
  });

  it('refuses a bad template with its reason and keeps the old one', async () => {
    const before = await t.services.db.select().from(bakeDayTemplate);
    for (const [bad, message] of [
      [{ deliveryWeekdays: [] }, 'Choose at least one delivery day'],
      [{ collectionWeekdays: [] }, 'Choose at least one collection day'],
      [{ cutoffTime: '25:00' }, 'Enter the cut-off time as HH:MM'],
      [{ capacityCookies: -1 }, 'Capacity must be at least 0'],
      [{ horizonDays: 2.5 }, 'Days ahead must be a whole number'],
    ] as const) {
      const res = await call('PUT', '/api/admin/bake-days/template', { ...template, ...bad });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(message);
    }
    expect(await t.services.db.select().from(bakeDayTemplate)).toEqual(before);
  });
});

describe('date overrides', () => {
  it('closes a date with a note, gives another a capacity, and removes them again', async () => {
    const closed = await call('PUT', '/api/admin/bake-days/overrides/2099-12-25', {
      closed: true,
      note: ' Christmas ',
    });
    expect(closed).toEqual({
      status: 200,
      body: { override: { date: '2099-12-25', closed: true, capacityCookies: null, note: 'Christmas' } },
    });
    await call('PUT', '/api/admin/bake-days/overrides/2099-12-23', { closed: false, capacityCookies: 40 });
    const { body } = await call('GET', '/api/admin/bake-days');
    expect(body.overrides.map((o: { date: string }) => o.date)).toEqual(['2099-12-23', '2099-12-25']);

    // Setting a date again replaces its override.
    await call('PUT', '/api/admin/bake-days/overrides/2099-12-25', { closed: false, capacityCookies: 10 });
    const rows = await t.services.db.select().from(bakeDayOverrides);
    expect(rows.find((r) => r.date === '2099-12-25')).toMatchObject({ closed: false, capacityCookies: 10 });

    expect((await call('DELETE', '/api/admin/bake-days/overrides/2099-12-25')).status).toBe(200);
    expect((await call('DELETE', '/api/admin/bake-days/overrides/2099-12-23')).status).toBe(200);
    expect((await call('DELETE', '/api/admin/bake-days/overrides/2099-12-23')).status).toBe(404);
  });

  it('a closed date shows as closed in the next weeks', async () => {
    const { body: before } = await call('GET', '/api/admin/bake-days');
    const tuesday = before.days.find((d: { state: string; date: string }) => d.state === 'open');
    await call('PUT', `/api/admin/bake-days/overrides/${tuesday.date}`, { closed: true, note: 'Fair' });
    const { body } = await call('GET', '/api/admin/bake-days');
    expect(body.days.find((d: { date: string }) => d.date === tuesday.date)).toMatchObject({
      state: 'closed',
      note: 'Fair',
    });
    await call('DELETE', `/api/admin/bake-days/overrides/${tuesday.date}`);
  });

  it('refuses malformed dates and meaningless overrides', async () => {
    for (const [url, body, message] of [
      ['/api/admin/bake-days/overrides/2099-02-30', { closed: true }, 'Enter a date as YYYY-MM-DD'],
      ['/api/admin/bake-days/overrides/tomorrow', { closed: true }, 'Enter a date as YYYY-MM-DD'],
      [
        '/api/admin/bake-days/overrides/2099-01-05',
        { closed: false },
        'Give the day a capacity, or close it',
      ],
      [
        '/api/admin/bake-days/overrides/2099-01-05',
        { closed: false, capacityCookies: 'lots' },
        'Capacity must be a number',
      ],
      [
        '/api/admin/bake-days/overrides/2099-01-05',
        { closed: true, capacityCookies: 40 },
        CLOSED_WITH_CAPACITY,
      ],
    ] as const) {
      const res = await call('PUT', url, body);
      expect(res.status, url).toBe(400);
      expect(res.body.error.message).toBe(message);
    }
    expect((await call('DELETE', '/api/admin/bake-days/overrides/nope')).status).toBe(400);
    expect(await t.services.db.select().from(bakeDayOverrides)).toEqual([]);
  });
});
