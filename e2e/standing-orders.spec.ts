import { expect, test } from '@playwright/test';
import { seriousViolations } from './axe';
import { DEMO_ADMIN, signInWithApi, waitUntilInteractive } from './fixtures';

/** The demo café (src/server/trade/demo-trade.ts): approved, three cookies in cases of 12. */
const DEMO_CAFE = { email: 'cafe@shropshirecookies.example', password: 'cafe-demo-2026' };

// The shop's standing-orders sweep runs every 2 seconds in journeys (playwright.config.ts), as it
// runs every 15 minutes in the shop: the journey waits for it as the café would wait for the day.
for (const { label, viewport } of [
  { label: 'phone', viewport: { width: 390, height: 844 } },
  { label: 'desktop', viewport: { width: 1366, height: 900 } },
]) {
  test(`the café sets up a standing order, the sweep makes its day's order, and the owner sees it on the bake list (${label})`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const cafeContext = await browser.newContext({ viewport });
    const page = await cafeContext.newPage();
    await page.goto('/');
    await signInWithApi(page, DEMO_CAFE);
    await page.goto('/trade/order');
    await page.getByRole('link', { name: 'Standing orders' }).click();
    await expect(page.getByRole('heading', { name: 'Standing orders', level: 1 })).toBeVisible();
    await waitUntilInteractive(page);
    // The demo's own standing order is there already.
    await expect(page.getByRole('region', { name: /^Standing order: / }).first()).toBeVisible();
    expect(await seriousViolations(page), '/trade/standing').toEqual([]);

    const form = page.getByRole('form', { name: 'New standing order' });
    // The first weekday the café's zone delivers on; no quantities: refused, saying so.
    const firstDay = form.locator('label', { hasNot: page.getByText('(no delivery)') }).first();
    const dayName = ((await firstDay.textContent()) ?? '').trim();
    await firstDay.getByRole('checkbox').check();
    await form.getByRole('button', { name: 'Set up standing order' }).click();
    await expect(form.getByRole('alert')).toHaveText('Please enter how many of each cookie you want.');
    const quantity = form.getByRole('spinbutton').first();
    const cookie = ((await form.locator('label[for]').first().textContent()) ?? '').trim();
    await quantity.fill('12');
    await form.getByRole('button', { name: 'Set up standing order' }).click();
    const card = page.getByRole('region', { name: `Standing order: ${dayName}s` }).last();
    await expect(card).toBeVisible();
    await expect(card).toContainText(`12 ${cookie}`);

    // The sweep makes the coming day's order: the page shows it made once reloaded.
    await expect(async () => {
      await page.reload();
      await expect(
        page
          .getByRole('region', { name: `Standing order: ${dayName}s` })
          .last()
          .getByText(/^Order made: £/),
      ).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    const made = page.getByRole('region', { name: `Standing order: ${dayName}s` }).last();
    await page.screenshot({ path: `test-results/standing-orders-${label}.png`, fullPage: true });
    const dayText = (
      (await made
        .getByRole('row')
        .filter({ hasText: 'Order made' })
        .first()
        .getByRole('cell')
        .first()
        .textContent()) ?? ''
    ).trim();
    await made.getByRole('link', { name: 'See the order' }).first().click();
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toContainText('Order');
    const number = ((await heading.textContent()) ?? '').match(/#\w+/)?.[0] ?? '';
    expect(number).not.toBe('');
    await page.goto('/account?tab=orders');
    await expect(
      page
        .getByRole('tabpanel', { name: 'Orders' })
        .getByRole('link', { name: `Order ${number}`, exact: true }),
    ).toBeVisible();
    await cafeContext.close();

    // The owner sees it on the café's trade account, and its day's bake list counts it.
    const ownerContext = await browser.newContext({ viewport });
    const owner = await ownerContext.newPage();
    await owner.goto('/');
    await signInWithApi(owner, DEMO_ADMIN);
    await owner.goto('/admin/trade');
    await owner.getByRole('link', { name: 'The Quality Square Café' }).click();
    const section = owner.getByRole('region', { name: 'Standing orders' });
    await expect(section).toBeVisible();
    const theirs = owner.getByRole('region', { name: `Standing order: ${dayName}s` }).last();
    await expect(theirs).toContainText(`12 ${cookie}`);
    expect(await seriousViolations(owner), '/admin/trade/:id').toEqual([]);
    await theirs.getByRole('link', { name: dayText }).click();
    const toBake = owner.getByRole('region', { name: 'To bake (paid and baking orders)' });
    const row = toBake.getByRole('row', { name: new RegExp(`^${cookie} \\d+$`) });
    await expect(row).toBeVisible();
    expect(Number((await row.getByRole('cell').last().textContent()) ?? 0)).toBeGreaterThanOrEqual(12);
    await ownerContext.close();
  });
}
