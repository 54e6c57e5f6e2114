import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, paidOrderFrom, signInWithApi } from './fixtures';

test('the owner finds an order by postcode and exports it as a CSV for the accountant', async ({ page }) => {
  const letters = 'ABDEFGHJLNPQRSTUWXYZ';
  const pick = () => letters[Math.floor(Math.random() * letters.length)];
  const postcode = `SY${1 + Math.floor(Math.random() * 9)} ${Math.floor(Math.random() * 10)}${pick()}${pick()}`;
  const order = await paidOrderFrom(postcode);
  const short = order.id.slice(0, 8);
  await signInWithApi(page, DEMO_ADMIN);

  await page.goto('/admin/orders');
  await page.getByLabel('Search').fill(postcode.toLowerCase().replace(' ', ''));
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/[?&]q=sy/i);
  await expect(page.getByRole('article', { name: `Order #${short}` })).toBeVisible();
  await expect(page.getByRole('article')).not.toHaveCount(0);
  for (const card of await page.getByRole('article').all()) await expect(card).toContainText(postcode);

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
  const [header, ...rows] = csv.trimEnd().split('\r\n');
  expect(header).toBe(
    'Order number,Order date,Delivery day,Fulfilment,Zone,Status,Customer,E-mail,Postcode,Items,Subtotal,' +
      'Discount code,Discount,Delivery,VAT 5%,VAT 20%,Refunds,Total',
  );
  const row = rows.find((r) => r.startsWith(`${short},`));
  expect(row).toBeDefined();
  // SY1-SY5 is the demo's van round, SY6-SY9 posted.
  expect(row).toMatch(/,Delivery,(Local van|UK post),Paid,/);
  expect(row).toContain(`,Paid,Ivy Export,${order.email},${postcode},`);
  expect(row).toContain(`2 x ${order.product}`);
  expect(row).toMatch(/,\d+\.\d{2},,0\.00,\d+\.\d{2},\d+\.\d{2},\d+\.\d{2},0\.00,\d+\.\d{2}$/);
  for (const r of rows) expect(r).toContain(postcode);
});

test('the owner lists one delivery day’s orders and exports just that day', async ({ page }) => {
  const order = await paidOrderFrom('SY2 6DD');
  await signInWithApi(page, DEMO_ADMIN);

  await page.goto('/admin/orders');
  await page.getByLabel('Delivery day').fill(order.deliveryDate);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]day=${order.deliveryDate}`));
  await expect(page.getByRole('article', { name: `Order #${order.id.slice(0, 8)}` })).toBeVisible();
  const shown = new Date(`${order.deliveryDate}T12:00:00Z`).toLocaleDateString('en-GB', {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
  });
  for (const card of await page.getByRole('article').all()) await expect(card).toContainText(shown);

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const csv = await readFile((await (await downloading).path())!, 'utf8');
  const rows = csv.trimEnd().split('\r\n').slice(1);
  expect(rows.some((r) => r.startsWith(`${order.id.slice(0, 8)},`))).toBe(true);
  for (const r of rows) expect(r.split(',')[2]).toBe(order.deliveryDate);
});
