import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { seriousViolations } from './axe';
import {
  DEMO_ADMIN,
  fillTestCard,
  signInWithApi,
  signUpWithApi,
  uniqueEmail,
  waitUntilInteractive,
} from './fixtures';

for (const width of [390, 1366]) {
  test(`at ${width} px a customer asks for made-to-order cookies with a picture, the owner quotes, the customer accepts, pays the deposit and then the balance from its e-mail`, async ({
    browser,
  }) => {
    const name = `Maya Brooks ${Date.now().toString(36)}`;
    const email = uniqueEmail('wedding');
    const idea = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#e8d2b0' } })
      .jpeg()
      .toBuffer();

    const phone = await browser.newContext(
      width === 390
        ? { viewport: { width: 390, height: 844 }, hasTouch: true }
        : { viewport: { width, height: 900 } },
    );
    const page = await phone.newPage();
    await page.goto('/made-to-order');
    await waitUntilInteractive(page);
    await expect(page.getByRole('heading', { name: 'Made to order', level: 1 })).toBeVisible();
    // Nothing on the form is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel('Occasion').selectOption('Wedding');
    const date = page.getByLabel('Date wanted');
    const earliest = (await date.getAttribute('min'))!;
    const [y, m, d] = earliest.split('-').map(Number);
    // A collection day of the demo's bake days (Tuesday to Saturday), a different one per width.
    let ahead = width === 390 ? 10 : 17;
    while (![2, 3, 4, 5, 6].includes(new Date(Date.UTC(y!, m! - 1, d! + ahead)).getUTCDay())) ahead++;
    const wanted = new Date(Date.UTC(y!, m! - 1, d! + ahead)).toISOString().slice(0, 10);
    await date.fill(wanted);
    await page.getByLabel('How many cookies').fill('120');
    await page.getByLabel('Collect from the bakery').check();
    await page.getByLabel('Wording on the cookies').fill('M & O, 2027');
    await page.getByLabel('Design notes').fill('Sage green and white, one per guest.');
    // A file that is not a picture is refused as soon as it is chosen, before anything is sent.
    const pictures = page.getByLabel('Reference pictures (optional)');
    await pictures.setInputFiles({
      name: 'seating-plan.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4'),
    });
    await expect(
      page.getByText('seating-plan.pdf: this is not a JPEG, PNG, WebP or AVIF picture.'),
    ).toBeVisible();
    await pictures.setInputFiles({ name: 'our-idea.jpg', mimeType: 'image/jpeg', buffer: idea });
    await expect(page.getByText('seating-plan.pdf')).toHaveCount(0);
    await page.getByLabel('Your name').fill(name);
    await page.getByLabel('Your e-mail').fill(email);
    // Sent from the keyboard.
    await page.getByLabel('Your e-mail').press('Tab');
    await expect(page.getByRole('button', { name: 'Send enquiry' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Thank you for your enquiry' })).toBeFocused();
    await expect(page.getByText(`will e-mail a quote to ${email}`)).toBeVisible();

    const ownerContext = await browser.newContext();
    const owner = await ownerContext.newPage();
    await owner.goto('/');
    await signInWithApi(owner, DEMO_ADMIN);
    await owner.goto('/admin/made-to-order');
    await expect(owner.getByRole('row', { name: new RegExp(name) })).toContainText('Waiting for a quote');
    await owner.getByRole('link', { name }).click();
    await expect(owner.getByRole('img', { name: 'The customer’s reference 1' })).toBeVisible();
    expect(await seriousViolations(owner)).toEqual([]);
    await owner.getByLabel('Line 1 description').fill('Iced wedding favour in sage and white');
    await owner.getByLabel('Line 1 quantity').fill('120');
    await owner.getByLabel('Line 1 unit price (£)').fill('1.50');
    // The balance is due already (the date is close), so its e-mail goes once the deposit is paid.
    await owner.getByLabel('Balance due, days before the date').fill('60');
    await owner.getByRole('button', { name: 'Send quote' }).click();
    // The toast (the enquiry's badge says the same once the page has reloaded its data).
    await expect(owner.getByRole('region', { name: /Notifications/ }).getByText('Quote sent')).toBeVisible();
    await expect(owner.getByText('£180.00, deposit £90.00')).toBeVisible();
    const quotePage = await owner.getByRole('link', { name: 'The customer’s page' }).getAttribute('href');

    await page.goto(quotePage!);
    await expect(page.getByRole('heading', { name: 'Your quote' })).toBeVisible();
    await expect(page.getByRole('row', { name: /Total/ })).toContainText('£180.00');
    await expect(page.getByText('Deposit to book the date')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(await seriousViolations(page)).toEqual([]);
    // Accepting makes an order, so it needs an account: the button waits until the customer signs in.
    await expect(page.getByRole('button', { name: 'Accept and pay the deposit of £90.00' })).toBeDisabled();
    await signUpWithApi(page, 'Maya Brooks');
    await page.reload();
    await page.getByRole('button', { name: 'Accept and pay the deposit of £90.00' }).click();

    // The deposit on the test payment page, then back on the quote's page.
    await fillTestCard(page, name);
    await page.getByRole('button', { name: 'Pay £90.00' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Deposit paid £90.00 of £180.00' }),
    ).toBeVisible();
    await page.getByRole('link', { name: 'See the order' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /^Order #/ })).toBeVisible();
    await expect(page.getByText('Deposit paid £90.00 of £180.00')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    const number = (await page.getByRole('heading', { level: 1, name: /^Order #/ }).textContent())!.replace(
      'Order ',
      '',
    );

    await owner.goto('/admin/made-to-order');
    await expect(owner.getByRole('row', { name: new RegExp(name) })).toContainText('Quote accepted');

    // The balance e-mail, read from the shop's outbox; its link opens the hosted page for the rest.
    await owner.goto('/admin/emails');
    await owner
      .getByRole('link', { name: `The balance of £90.00 for order ${number} is due`, exact: true })
      .click();
    const text = (await owner.locator('pre').textContent())!;
    expect(text).toContain('Deposit paid £90.00 of £180.00');
    const link = /Pay the balance: (\S+)/.exec(text)![1]!;
    await page.goto(new URL(link).pathname);
    await fillTestCard(page, name);
    await page.getByRole('button', { name: 'Pay £90.00' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Paid in full' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Pay the/ })).toHaveCount(0);
    await page.getByRole('link', { name: 'See the order' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /^Order #/ })).toBeVisible();
    await expect(page.getByText('Paid in full')).toBeVisible();
    await ownerContext.close();
    await phone.close();
  });
}
