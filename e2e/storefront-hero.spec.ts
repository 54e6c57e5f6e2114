import { expect, type Page, test } from '@playwright/test';

/** The picture the browser chose for the home page's hero, and whether it covers the whole hero. */
async function hero(page: Page) {
  await page.goto('/');
  const img = page.locator('main picture img').first();
  await expect(img).toHaveJSProperty('complete', true);
  return img.evaluate((el: HTMLImageElement) => {
    const picture = el.getBoundingClientRect();
    const section = el.closest('section')!.getBoundingClientRect();
    return {
      file: new URL(el.currentSrc).pathname,
      covers: picture.width === section.width && picture.height === section.height,
      fit: getComputedStyle(el).objectFit,
    };
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true });

  test('the hero loads the light centre square of the scene, and it fills the hero', async ({ page }) => {
    expect(await hero(page)).toEqual({
      file: expect.stringMatching(/^\/assets\/hero-square-480-[\w-]+\.avif$/),
      covers: true,
      fit: 'cover',
    });
  });
});

test('on a laptop the hero loads the wide scene', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  expect(await hero(page)).toEqual({
    file: expect.stringMatching(/^\/assets\/hero-1600-[\w-]+\.avif$/),
    covers: true,
    fit: 'cover',
  });
});
