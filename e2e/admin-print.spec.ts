import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, signInWithApi } from './fixtures';

// Every admin page prints without its sidebar, navigation and controls (rules in app.css).
for (const { path, heading } of [
  { path: '/admin/products', heading: 'Products' },
  { path: '/admin/orders', heading: 'Orders' },
]) {
  test(`${path} prints its content without the sidebar, navigation or buttons`, async ({ page }) => {
    await signInWithApi(page, DEMO_ADMIN);
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(path);
    const sidebar = page.getByRole('navigation', { name: 'Admin' });
    await expect(sidebar).toBeVisible();
    await expect(page.getByRole('button').first()).toBeVisible();

    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(sidebar).toBeHidden();
    for (const nav of await page.getByRole('navigation').all()) await expect(nav).toBeHidden();
    for (const button of await page.getByRole('button').all()) await expect(button).toBeHidden();
    for (const box of await page.getByRole('combobox').all()) await expect(box).toBeHidden();
  });
}
