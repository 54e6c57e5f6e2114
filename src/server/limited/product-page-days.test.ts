import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LIMITED_PRODUCT_MAX_AGE_MS, LIMITED_PRODUCT_REDRAW_MS } from '~/server/app';
import type { products } from '~/server/db/schema';
import { loadClientBuild } from '~/server/load-build';
import { addDays, formatBakeDay, londonDate } from '~/shared/time/london-time';
import { everyDayTemplate } from '~/test/bake-days';
import { api, createProduct, createUser } from '~/test/factories';
import { createTestApp, type TestApp } from '~/test/test-app';

// The product page of a limited product (decisions 043 and 050): what is left on its next
// days, in the checkout's words, drawn by the real React Router build (run `npm run build` first)
// through the page cache, which keeps such a page for a second only.
let t: TestApp;
let cookie: string;
const today = londonDate(new Date());
const inDays = (n: number) => addDays(today, n);

beforeAll(async () => {
  t = await createTestApp({
    build: await loadClientBuild(process.env.BUILD_DIR),
    env: { RATE_LIMITS: 'false' },
  });
  ({ cookie } = await createUser(t));
  await t.services.bakeDays.saveTemplate(everyDayTemplate({ horizonDays: 40, capacityCookies: 5000 }));
});
afterAll(() => t?.close());

const limited = (fields: Partial<typeof products.$inferInsert>) =>
  createProduct(t.services, { name: 'Christmas Box', pricePennies: 2400, ...fields });
const buy = async (productId: string, day: string, quantity: number) => {
  const res = await api(
    t,
    'POST',
    '/api/checkout/create-checkout-session',
    { items: [{ product_id: productId, quantity }], delivery_date: day },
    cookie,
  );
  expect(res.status).toBe(200);
};
const page = async (productId: string) => {
  const res = await t.app.request(`/product/${productId}`);
  expect(res.status).toBe(200);
  return (await res.text()).replace(/&#x27;|&#39;/g, "'");
};

describe('what a limited product has left, on its page', () => {
  it('says a low day and a sold-out day with the next that has some, and nothing of a day with plenty', async () => {
    const p = await limited({ deliverFrom: inDays(11), deliverUntil: inDays(14), dailyLimit: 6 });
    await buy(p.id, inDays(11), 6);
    await buy(p.id, inDays(12), 3);
    const html = await page(p.id);
    expect(html).toContain('The next bake days');
    expect(html).toContain("your postcode's delivery days may differ");
    expect(html).toContain(
      `${formatBakeDay(inDays(11))}: Sold out for this day. Next available: ${formatBakeDay(inDays(12))}`,
    );
    expect(html).toContain(`Only 3 left for ${formatBakeDay(inDays(12))}`);
    // Six left is not low: those days are not spoken of.
    expect(html).not.toContain(formatBakeDay(inDays(13)));
    expect(html).not.toContain(formatBakeDay(inDays(14)));
  });

  it('says nothing of days for a limited product with plenty left, nor for an ordinary one', async () => {
    const plenty = await limited({ name: 'Plenty Box', deliverFrom: inDays(11), dailyLimit: 40 });
    const plain = await createProduct(t.services, { name: 'Plain Oat' });
    for (const p of [plenty, plain]) {
      const html = await page(p.id);
      expect(html).not.toContain('The next bake days');
      expect(html).not.toContain(' left for ');
      expect(html).not.toContain('Sold out for this day');
    }
  });

  it('shows a day sold out within a second of its last unit going, with no catalogue change', async () => {
    const p = await limited({
      name: 'Drop Box',
      deliverFrom: inDays(16),
      deliverUntil: inDays(16),
      dailyLimit: 2,
    });
    // The page cache's clock, held still at each look so a slow machine reads the same.
    const start = Date.now();
    const at = async (ms: number) => {
      const clock = vi.spyOn(Date, 'now').mockReturnValue(start + ms);
      try {
        return await page(p.id);
      } finally {
        clock.mockRestore();
      }
    };
    expect(await at(0)).toContain(`Only 2 left for ${formatBakeDay(inDays(16))}`);
    const version = await t.services.catalogVersion.current();
    await buy(p.id, inDays(16), 2);
    expect(await t.services.catalogVersion.current()).toBe(version);
    // Within the second the kept page is answered (the database is not asked again)...
    expect(await at(LIMITED_PRODUCT_MAX_AGE_MS - LIMITED_PRODUCT_REDRAW_MS - 100)).toContain(
      `Only 2 left for ${formatBakeDay(inDays(16))}`,
    );
    // ...in its last part too, while it is drawn again in the background (decision 054)...
    expect(await at(LIMITED_PRODUCT_MAX_AGE_MS - 100)).toContain(
      `Only 2 left for ${formatBakeDay(inDays(16))}`,
    );
    // ...and after it the page is drawn afresh.
    expect(await at(LIMITED_PRODUCT_MAX_AGE_MS + 1)).toContain(
      `${formatBakeDay(inDays(16))}: Sold out for this day`,
    );
  });

  it('keeps an ordinary product page until the catalogue changes, as before', async () => {
    const plain = await createProduct(t.services, { name: 'Kept Shortbread' });
    const first = await page(plain.id);
    const clock = vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 60_000);
    const reads = vi.spyOn(t.services, 'daysLeft');
    try {
      expect(await page(plain.id)).toBe(first);
      expect(reads).not.toHaveBeenCalled();
    } finally {
      clock.mockRestore();
      reads.mockRestore();
    }
  });
});
