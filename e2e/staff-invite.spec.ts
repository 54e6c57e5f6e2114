import { expect, type Page, test } from '@playwright/test';
import {
  DEMO_ADMIN,
  enterCodeOnSignIn,
  paidOrderFrom,
  signInWithApi,
  totpCode,
  uniqueEmail,
  waitForNextCode,
} from './fixtures';

/** The invitation link in the newest e-mail to `email`, read on the owner's E-mails page. */
async function inviteLink(owner: Page, email: string): Promise<string> {
  await owner.goto('/admin/emails');
  const row = owner.getByRole('listitem').filter({ hasText: email }).filter({ hasText: 'invited' });
  await row
    .getByRole('link', { name: /Read e-mail/ })
    .first()
    .click();
  const text = await owner.getByRole('region', { name: 'Text' }).innerText();
  const link = /https?:\/\/\S+\/join\?token=\S+/.exec(text)?.[0];
  expect(link, text).toBeTruthy();
  const url = new URL(link!);
  return url.pathname + url.search;
}

for (const width of [390, 1366]) {
  test(`at ${width} px the owner invites a packer, who sets a password, sets up TOTP, signs in with a code, ships an order, is refused refunds and Settings, and the owner reads it in Activity`, async ({
    page,
    browser,
  }) => {
    // Up to 30 s of it is waiting for the authenticator's next code.
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    const order = await paidOrderFrom('SY3 7DB', 1);
    const email = uniqueEmail('packer');

    const ownerContext = await browser.newContext({ viewport: { width, height: 900 } });
    const owner = await ownerContext.newPage();
    await owner.goto('/');
    await signInWithApi(owner, DEMO_ADMIN);
    await owner.goto('/admin/staff');
    await owner.getByLabel('Name').fill('Pat Packer');
    await owner.getByLabel('E-mail').fill(email);
    await owner.getByLabel('Role', { exact: true }).selectOption('staff');
    await owner.getByRole('button', { name: 'Send invitation' }).click();
    await expect(owner.getByText('Invitation sent')).toBeVisible();
    const link = await inviteLink(owner, email);

    await page.goto(link);
    await expect(page.getByText('Hello Pat Packer: you are invited as Shop staff')).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill('packing-2026');
    await page.getByLabel('Confirm new password').fill('packing-2026');
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect(page).toHaveURL('/auth');
    const signIn = page.getByRole('form', { name: 'Sign in' });
    await signIn.getByLabel('Email').fill(email);
    await signIn.getByLabel('Password').fill('packing-2026');
    await signIn.getByRole('button', { name: 'Sign In' }).click();

    // No second factor yet: the back office sends them to set one up first.
    await expect(page).toHaveURL('/account/two-factor');
    await page.getByLabel('Password').fill('packing-2026');
    await page.getByRole('button', { name: 'Set up authenticator' }).click();
    const secret = (await page.getByLabel('Secret key').inputValue()).trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    // The key is also a QR code, drawn by the shop itself.
    const qr = page.getByRole('img', { name: 'QR code to scan with your authenticator app' });
    await expect(qr).toBeVisible();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
    await page.getByLabel('Code from your app').fill(totpCode(secret));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem')).toHaveCount(10);

    // Signed in again on a fresh browser: the password, then the app's next code (the one just
    // used is refused a second time).
    await page.context().clearCookies();
    await waitForNextCode();
    await page.goto('/auth');
    await signIn.getByLabel('Email').fill(email);
    await signIn.getByLabel('Password').fill('packing-2026');
    await signIn.getByRole('button', { name: 'Sign In' }).click();
    await enterCodeOnSignIn(page, secret);
    await expect(page).toHaveURL('/admin/orders');

    // The link worked once.
    await page.goto(link);
    await expect(page.getByText('This invitation has already been used.')).toBeVisible();

    await page.goto(`/admin/orders/${order.id}`);
    await page.getByLabel('Order status').selectOption('baking');
    await page.getByRole('button', { name: 'Update status' }).click();
    await expect(page.getByText('Order status updated')).toBeVisible();
    await page.getByLabel('Order status').selectOption('shipped');
    await page.getByRole('button', { name: 'Update status' }).click();
    await expect(page.getByText('Baking → Shipped')).toBeVisible();

    const refund = await page.request.post(`/api/admin/orders/${order.id}/refunds`, {
      data: { amount_pennies: 100, reason: 'test' },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(refund.status()).toBe(403);
    await page.goto('/admin/settings');
    await expect(page.getByText('Your role in the back office does not open this page.')).toBeVisible();

    // The owner sees the new person on the Staff page, and what they did in Activity.
    await owner.goto('/admin/staff');
    await expect(owner.getByText(email)).toBeVisible();
    await owner.goto('/admin/activity');
    await expect(owner.getByText(`order.status · order ${order.id}`).first()).toBeVisible();
    await expect(owner.getByText('Pat Packer (Shop staff)').first()).toBeVisible();
    await ownerContext.close();
  });
}
