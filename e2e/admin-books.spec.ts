import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, paidOrderFrom, signInWithApi } from './fixtures';

for (const { name, width } of [
  { name: 'phone', width: 390 },
  { name: 'desktop', width: 1366 },
]) {
  test(`the owner exports this month's sales for Xero from Books (${name})`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const order = await paidOrderFrom('SY3 7BK');
    const number = order.id.slice(0, 8);
    await signInWithApi(page, DEMO_ADMIN);

    await page.goto('/admin/books');
    await expect(page.getByRole('heading', { level: 1, name: 'Books' })).toBeVisible();
    const month = new Date().toLocaleDateString('en-CA', { timeZone: 'Europe/London' }).slice(0, 7);
    await expect(page.getByLabel('Month')).toHaveValue(month);
    await expect(page.getByText('Retail sales')).toBeVisible();
    await expect(page.getByText('Trade sales')).toBeVisible();

    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export for Xero: sales invoices' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(new RegExp(`^xero-invoices-${month}-01-to-.*\\.csv$`));
    const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
    const [header, ...rows] = csv.trimEnd().split('\r\n');
    expect(header).toMatch(/^\*ContactName,EmailAddress,/);
    expect(header).toContain('*InvoiceNumber');
    const mine = rows.filter((r) => r.includes(`,${number},`));
    // Its cookies and its delivery, each on a line of its own, to the customer by name.
    expect(mine.length).toBeGreaterThanOrEqual(2);
    expect(mine.every((r) => r.startsWith('Ivy Export,'))).toBe(true);
    expect(mine.some((r) => r.includes(order.product))).toBe(true);
    expect(mine.some((r) => r.includes(',Delivery,'))).toBe(true);

    // A period the page cannot read is refused with the reason, and no files are offered.
    await page.getByLabel('Month').fill('');
    await page.getByLabel('Or from').fill(`${month}-20`);
    await page.getByLabel('To').fill(`${month}-10`);
    await page.getByRole('button', { name: 'Show the period' }).click();
    await expect(
      page.getByText('Choose a month, or a first and last day (the last on or after the first).'),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: /Export for Xero/ })).toHaveCount(0);
  });
}
