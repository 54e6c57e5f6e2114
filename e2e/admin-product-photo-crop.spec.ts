import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { seriousViolations } from './axe';
import { E2E_BASE_URL } from './base-url';
import { DEMO_ADMIN, signInWithApi } from './fixtures';

const GOLD = [200, 128, 42];
const BACKGROUND = [243, 230, 211];

/** A 1200 x 600 photo with the cookie in its right half: the middle square would cut it in two. */
const cookieOnTheRight = () =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="600">
        <rect width="1200" height="600" fill="rgb(${BACKGROUND})"/>
        <circle cx="900" cy="300" r="250" fill="rgb(${GOLD})"/>
      </svg>`,
    ),
  )
    .png()
    .toBuffer();

/** The colour of one pixel of a served picture. */
async function pixel(bytes: Buffer, x: number, y: number) {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [data[at]!, data[at + 1]!, data[at + 2]!];
}
const near = (actual: number[], expected: number[]) =>
  actual.every((v, i) => Math.abs(v - expected[i]!) < 20);

for (const viewport of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('the owner places the square on a photo, sees it before saving, and the list shows it', async ({
      page,
    }, testInfo) => {
      const name = `Crop ${viewport.width} ${Date.now().toString(36)}`;
      await signInWithApi(page, DEMO_ADMIN);
      // A draft, so no shop page running alongside sees it.
      const created = await page.request.post('/api/admin/products', {
        headers: { origin: E2E_BASE_URL },
        data: {
          name,
          description: 'A cookie photographed off to one side.',
          price_pennies: 300,
          is_active: false,
        },
      });
      expect(created.status()).toBe(201);

      await page.goto('/admin/products');
      const card = page.getByRole('article', { name });
      await expect(
        card.getByRole('img', { name: `${name}: the drawn cookie (no upload yet)` }),
      ).toBeVisible();

      await card.getByRole('button', { name: /^Edit/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Product' });
      // A strip is refused before it is sent, with the server's words.
      await dialog.getByLabel('Photo (optional)').setInputFiles({
        name: 'strip.png',
        mimeType: 'image/png',
        buffer: await sharp({ create: { width: 1, height: 2000, channels: 3, background: '#000' } })
          .png()
          .toBuffer(),
      });
      await expect(
        dialog.getByText('The photo is too small: each side must be at least 200 pixels.'),
      ).toBeVisible();
      await expect(dialog.getByRole('group', { name: 'Crop for the shop' })).toHaveCount(0);

      await dialog.getByLabel('Photo (optional)').setInputFiles({
        name: 'cookie.png',
        mimeType: 'image/png',
        buffer: await cookieOnTheRight(),
      });
      const crop = dialog.getByRole('group', { name: 'Crop for the shop' });
      await expect(crop.getByRole('img', { name: 'Preview: the square the shop will show' })).toBeVisible();
      await expect(dialog.getByText('The photo is too small')).toHaveCount(0);
      // A wide photo's square can only move sideways.
      await expect(crop.getByRole('slider', { name: 'Top to bottom' })).toBeDisabled();
      const across = crop.getByRole('slider', { name: 'Left to right' });
      await expect(across).toHaveValue('50');
      await across.focus();
      await page.keyboard.press('End');
      await expect(across).toHaveAttribute('aria-valuetext', '100%');
      expect(await seriousViolations(page)).toEqual([]);
      await crop.scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath(`crop-${viewport.width}.png`) });

      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await expect(page.getByText('Product updated')).toBeVisible();
      await expect(dialog).toBeHidden();

      // The list shows the square the server cut: the whole cookie, not half of it.
      const thumbnail = card.getByRole('img', { name: `${name}: your upload` });
      await expect(thumbnail).toBeVisible();
      await expect(thumbnail).toHaveAttribute('src', /^\/api\/photos\/[0-9a-f]{24}-800\.webp$/);
      await page.screenshot({ path: testInfo.outputPath(`list-${viewport.width}.png`) });
      const src = (await thumbnail.getAttribute('src'))!.replace('-800.webp', '-400.webp');
      const served = await (await page.request.get(src)).body();
      expect(near(await pixel(served, 200, 200), GOLD)).toBe(true);
      expect(near(await pixel(served, 5, 5), BACKGROUND)).toBe(true);
      expect(near(await pixel(served, 394, 200), BACKGROUND)).toBe(true);

      // Placed again later, from the kept photo, without choosing the file again.
      const whole = (await thumbnail.getAttribute('src'))!;
      await card.getByRole('button', { name: /^Edit/ }).click();
      await dialog.getByRole('button', { name: 'Change the crop' }).click();
      const again = dialog.getByRole('group', { name: 'Crop for the shop' });
      await expect(again.getByRole('img', { name: 'Your upload, uncropped' })).toBeVisible();
      await again.getByRole('slider', { name: 'Left to right' }).focus();
      await page.keyboard.press('Home');
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await expect(dialog).toBeHidden();
      await expect(thumbnail).not.toHaveAttribute('src', whole);
      const left = (await thumbnail.getAttribute('src'))!.replace('-800.webp', '-400.webp');
      expect(near(await pixel(await (await page.request.get(left)).body(), 200, 200), BACKGROUND)).toBe(true);
    });
  });
}
