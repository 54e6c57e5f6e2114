import { expect, test } from '@playwright/test';
import { E2E_BASE_URL } from './base-url';

test("headings and text use the shop's own typefaces, served from the shop itself", async ({ page }) => {
  const fontRequests: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'font') fontRequests.push(req.url());
  });
  await page.goto('/');
  await page.evaluate(() => document.fonts.ready);

  // Both faces are preloaded, so the browser asks for them with the CSS, not a round trip after it.
  const preloads = page.locator('link[rel="preload"][as="font"]');
  await expect(preloads).toHaveCount(2);
  const hrefs = await preloads.evaluateAll((links) => links.map((l) => l.getAttribute('href')));
  expect(hrefs).toEqual([
    expect.stringMatching(/^\/assets\/fraunces-latin-wght-normal-[\w-]+\.woff2$/),
    expect.stringMatching(/^\/assets\/figtree-latin-wght-normal-[\w-]+\.woff2$/),
  ]);

  const loaded = await page.evaluate(() =>
    [...document.fonts].filter((f) => f.status === 'loaded').map((f) => f.family.replace(/"/g, '')),
  );
  expect(loaded).toEqual(expect.arrayContaining(['Fraunces Variable', 'Figtree Variable']));
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveCSS('font-family', /^"Fraunces Variable"/);
  await expect(page.getByText('A few of our most-loved bakes.')).toHaveCSS(
    'font-family',
    /^"Figtree Variable"/,
  );

  expect(fontRequests.length).toBeGreaterThanOrEqual(2);
  for (const url of fontRequests) expect(new URL(url).origin).toBe(E2E_BASE_URL);
});
