import { expect, type Page, test } from '@playwright/test';
import { E2E_BASE_URL } from './base-url';
import { DEMO_ADMIN, signInWithApi } from './fixtures';

/** The number in the sidebar's "Messages 3 unread" (0 when it says just "Messages"). */
async function unreadInSidebar(page: Page) {
  const name = await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: /^Messages/ })
    .textContent();
  return Number(/(\d+) unread/.exec(name ?? '')?.[1] ?? 0);
}

test('the owner marks a new message read and the sidebar’s unread count drops', async ({ page }) => {
  const name = `Rowan ${Date.now().toString(36)}`;
  const sent = await page.request.post('/api/contact', {
    headers: { origin: E2E_BASE_URL },
    data: { name, email: 'rowan@example.com', message: 'Do you bake gluten-free cookies?' },
  });
  expect(sent.status()).toBe(201);
  await signInWithApi(page, DEMO_ADMIN);

  await page.goto('/admin');
  const before = await unreadInSidebar(page);
  expect(before).toBeGreaterThanOrEqual(1);
  await expect(
    page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: `Messages ${before} unread` }),
  ).toBeVisible();

  await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: /^Messages/ })
    .click();
  const message = page.getByRole('article', { name: `${name} (Unread)` });
  await expect(message).toContainText('New');
  await message.getByRole('button', { name: `Mark as read: ${name}` }).click();

  await expect(page.getByText('Message updated')).toBeVisible();
  await expect(page.getByRole('article', { name: `${name} (Read)` })).toBeVisible();
  const after = before - 1;
  await expect(
    page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: after > 0 ? `Messages ${after} unread` : 'Messages', exact: true }),
  ).toBeVisible();

  // Handled: nothing left to do; it can be made unread again.
  await page.getByRole('button', { name: `Mark as handled: ${name}` }).click();
  await expect(page.getByRole('article', { name: `${name} (Handled)` })).toContainText('Handled');
  await expect(page.getByRole('button', { name: `Mark as unread: ${name}` })).toBeVisible();
});
