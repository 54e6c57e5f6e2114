import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadClientBuild } from '~/server/load-build';
import { addDays, londonDate, weekdayOf } from '~/shared/time/london-time';
import { ownerTestApp } from '~/test/factories';
import type { TestApp } from '~/test/test-app';

// The Bake Days page through the real React Router build, as the owner reaches it.
let t: TestApp;
let cookie: string;
beforeAll(async () => {
  ({ t, cookie } = await ownerTestApp({ build: await loadClientBuild(process.env.BUILD_DIR) }));
  // Deliveries Tuesday to Saturday; collections also on Monday.
  await t.services.bakeDays.saveTemplate({
    deliveryWeekdays: [2, 3, 4, 5, 6],
    collectionWeekdays: [1, 2, 3, 4, 5, 6],
    cutoffTime: '14:00',
    cutoffDaysBefore: 1,
    horizonDays: 21,
    capacityCookies: 300,
  });
});
afterAll(() => t.close());

const bakeDaysPage = async () => {
  const res = await t.app.request(`${t.origin}/admin/bake-days`, { headers: { cookie } });
  expect(res.status).toBe(200);
  return res.text();
};
const setCollection = (on: boolean) =>
  t.services.settings.save({
    deliveryFee: '4.99',
    collection: on,
    collectionAddress: 'The Bakehouse, 4 Wyle Cop',
    collectionHours: 'Mon-Sat 9am-4pm',
  });

const closedDays = (html: string) => html.split('No deliveries or collections').length - 1;

describe('the days at a glance', () => {
  it('never say "Collection only" while collection is switched off: those days offer nothing', async () => {
    await setCollection(true);
    const on = await bakeDaysPage();
    expect(on).toContain('Collection only');

    await setCollection(false);
    const off = await bakeDaysPage();
    expect(off).not.toContain('Collection only');
    expect(off).not.toContain('Delivery only');
    // Mondays join Sundays as days with nothing to offer.
    const today = londonDate(new Date());
    const mondays = Array.from({ length: 22 }, (_, i) => addDays(today, i)).filter((d) => weekdayOf(d) === 1);
    expect(closedDays(off)).toBe(closedDays(on) + mondays.length);
  });
});
