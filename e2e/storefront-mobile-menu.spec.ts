import { expect, test } from '@playwright/test';

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

test('on a small phone the slide-out menu opens, and choosing a link closes it on the new page', async ({
  page,
}) => {
  await page.goto('/');
  await expect(
    page.getByRole('heading', { name: 'Handmade Cookies from the Heart of Shropshire' }),
  ).toBeVisible();
  // The desktop links are hidden; the page fits the screen without sideways scrolling.
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog');
  await expect(menu).toBeVisible();
  await menu.getByRole('link', { name: 'Our Story' }).click();

  await expect(menu).toBeHidden();
  await expect(page).toHaveURL(/\/our-story$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Our Story' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Rooted in Tradition' })).toBeVisible();

  // Escape closes it too, and focus returns to the menu button.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(menu).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
});
