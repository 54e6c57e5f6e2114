import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { seriousViolations } from './axe';
import { DEMO_ADMIN, signInWithApi, uniqueEmail, waitUntilInteractive } from './fixtures';

test('a customer on a phone asks for made-to-order cookies with a picture, the owner quotes and the customer accepts', async ({
  browser,
}) => {
  const name = `Maya Brooks ${Date.now().toString(36)}`;
  const email = uniqueEmail('wedding');
  const idea = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#e8d2b0' } })
    .jpeg()
    .toBuffer();

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  const page = await phone.newPage();
  await page.goto('/made-to-order');
  await waitUntilInteractive(page);
  await expect(page.getByRole('heading', { name: 'Made to order', level: 1 })).toBeVisible();
  // Nothing on the form is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByLabel('Occasion').selectOption('Wedding');
  const date = page.getByLabel('Date wanted');
  const earliest = (await date.getAttribute('min'))!;
  const [y, m, d] = earliest.split('-').map(Number);
  const wanted = new Date(Date.UTC(y!, m! - 1, d! + 10)).toISOString().slice(0, 10);
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
  await owner.getByRole('button', { name: 'Send quote' }).click();
  // The toast (the enquiry's badge says the same once the page has reloaded its data).
  await expect(owner.getByRole('region', { name: /Notifications/ }).getByText('Quote sent')).toBeVisible();
  await expect(owner.getByText('£180.00, deposit £90.00')).toBeVisible();
  const quotePage = await owner.getByRole('link', { name: 'The customer’s page' }).getAttribute('href');

  await page.goto(quotePage!);
  await expect(page.getByRole('heading', { name: 'Your quote' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Total/ })).toContainText('£180.00');
  await expect(page.getByText('Deposit to book the date')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByText('Thank you: you have accepted this quote.')).toBeVisible();

  await owner.goto('/admin/made-to-order');
  await expect(owner.getByRole('row', { name: new RegExp(name) })).toContainText('Quote accepted');
  await ownerContext.close();
  await phone.close();
});
