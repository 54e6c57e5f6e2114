import { expect, type Locator, test } from '@playwright/test';
import { waitUntilInteractive } from './fixtures';

const COOKIE = 'Dark Chocolate & Sea Salt';

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error('element has no box');
  return b;
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1366, height: 768 },
]) {
  test(`at ${viewport.width} px the add-to-cart toast leaves the header's cart badge and navigation visible`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto('/shop');
    await page.getByRole('link', { name: new RegExp(COOKIE) }).click();
    await expect(page.getByRole('heading', { level: 1, name: COOKIE })).toBeVisible();
    await waitUntilInteractive(page);
    await page.getByRole('button', { name: 'Add to Cart' }).click();

    const toast = page.getByRole('listitem').filter({ hasText: `Added 1 ${COOKIE} to cart` });
    await expect(toast).toBeVisible();
    // Wait for the toast's slide-in to finish before measuring it.
    await expect(async () => {
      const a = await box(toast);
      await page.waitForTimeout(100);
      expect(await box(toast)).toEqual(a);
    }).toPass();

    const header = page.getByRole('banner');
    const cartLink = header.getByRole('link', { name: /^Cart/ });
    await expect(cartLink).toHaveText('1');
    const t = await box(toast);
    const h = await box(header);
    const c = await box(cartLink);
    expect(t.y).toBeGreaterThanOrEqual(h.y + h.height);
    expect(t.y).toBeGreaterThanOrEqual(c.y + c.height);
    // The badge is still what a tap there reaches.
    const hit = await page.evaluate(
      ({ x, y }) => document.elementFromPoint(x, y)?.closest('a')?.getAttribute('aria-label') ?? null,
      { x: c.x + c.width / 2, y: c.y + c.height / 2 },
    );
    expect(hit).toMatch(/^Cart/);
  });
}
