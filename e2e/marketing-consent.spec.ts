import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E_PORT } from './base-url';
import { DEMO_ADMIN, signInRequest, uniqueEmail } from './fixtures';

/**
 * A left basket is known a day later: this journey runs its own shop (the next port, its own
 * embedded database) and starts it a second time with the clock a day on, the test-only clock of
 * decision 073. A shop starting runs its upkeep at once, as after any downtime, so the reminder is
 * made then. The shared e2e shop's clock is never moved.
 */
const PORT = E2E_PORT + 1;
const BASE = `http://127.0.0.1:${PORT}`;
const COOKIE = 'Dark Chocolate & Sea Salt';
const repo = path.resolve(import.meta.dirname, '..');
const DAY_AND_AN_HOUR_MS = 25 * 3600_000;

async function startShop(dataDir: string, clockOffsetMs = 0): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    PUBLIC_URL: BASE,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMITS: 'false',
  };
  if (clockOffsetMs) {
    env.NODE_OPTIONS = `--import ${path.join(repo, 'src/test/clock/shift-clock.mjs')}`;
    env.SHOP_TEST_CLOCK_OFFSET_MS = String(clockOffsetMs);
  }
  const shop = spawn(
    process.execPath,
    [path.join(repo, process.env.BUILD_DIR ?? 'build', 'shop-server/index.js')],
    {
      cwd: repo,
      env,
      stdio: 'ignore',
    },
  );
  for (let i = 0; i < 240; i++) {
    const up = await fetch(`${BASE}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return shop;
    await new Promise((r) => setTimeout(r, 500));
  }
  shop.kill('SIGTERM');
  throw new Error('the journey’s shop did not start');
}

async function stopShop(shop: ChildProcess) {
  if (shop.exitCode !== null) return;
  const exited = new Promise((r) => shop.once('exit', r));
  shop.kill('SIGTERM');
  await exited;
}

test('a customer opts in at sign-up, leaves a basket, gets one reminder a day later and unsubscribes with one click', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-marketing-'));
  let shop = await startShop(dataDir);
  try {
    const customer = await browser.newPage();
    const email = uniqueEmail('opt-in');
    await customer.goto(`${BASE}/auth`);
    await customer.getByRole('tab', { name: 'Sign Up' }).click();
    const form = customer.getByRole('form', { name: 'Sign up' });
    await form.getByLabel('Full Name').fill('Tansy Crumb');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Phone').fill('07700 900321');
    await form.getByLabel('Address').fill('4 Wyle Cop');
    await form.getByLabel('City').fill('Shrewsbury');
    await form.getByLabel('Postcode').fill('SY1 1XJ');
    await form.getByLabel('Password').fill('shortbread');
    // Unticked until the customer ticks it.
    const optIn = form.getByRole('checkbox', { name: /Yes, e-mail me news and offers/ });
    await expect(optIn).not.toBeChecked();
    await optIn.check();
    await form.getByRole('button', { name: 'Create Account' }).click();
    await expect(customer).toHaveURL(`${BASE}/account`);
    const card = customer.getByRole('region', { name: 'Marketing e-mails' });
    await expect(card).toContainText('You get our news and offers by e-mail');
    await expect(card.getByRole('list', { name: 'Your marketing choices' })).toContainText('Consent given');

    // A basket left at the cart: its price is asked of the shop, which keeps it for the account.
    await customer.goto(`${BASE}/shop`);
    await customer
      .getByRole('link', { name: new RegExp(COOKIE) })
      .first()
      .click();
    await expect(customer.getByRole('heading', { level: 1, name: COOKIE })).toBeVisible();
    await customer.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(customer.getByText(`Added 1 ${COOKIE} to cart`)).toBeVisible();
    const priced = customer.waitForResponse((r) => r.url().endsWith('/api/checkout/quote') && r.ok());
    await customer.goto(`${BASE}/cart`);
    await priced;

    // The next day: the shop starts again and its upkeep finds the basket left.
    await stopShop(shop);
    shop = await startShop(dataDir, DAY_AND_AN_HOUR_MS);

    const owner = await browser.newPage();
    await signInRequest(owner.request, DEMO_ADMIN, { base: BASE, clockOffsetMs: DAY_AND_AN_HOUR_MS });
    await owner.goto(`${BASE}/admin/emails`);
    const reminder = owner.getByRole('link', { name: 'You left cookies in your basket', exact: true });
    await expect(reminder).toHaveCount(1);
    await reminder.click();
    await expect(owner.getByText('List-Unsubscribe=One-Click')).toBeVisible();
    const text = await owner.getByRole('region', { name: 'Text' }).textContent();
    expect(text).toContain(`1 x ${COOKIE}`);
    const link = /Unsubscribe: (\S+)/.exec(text ?? '')?.[1];
    expect(link).toMatch(new RegExp(`^${BASE}/unsubscribe/`));

    // One click, no sign-in needed (a fresh browser, as from a mail program).
    const visitor = await browser.newPage();
    await visitor.goto(link!);
    await visitor.getByRole('button', { name: 'Unsubscribe from marketing e-mails' }).click();
    await expect(visitor.getByRole('status')).toHaveText(
      'Done: you are unsubscribed from marketing e-mails (news, offers and basket reminders).',
    );

    // A changed link changes nothing and says so.
    await visitor.goto(`${link!.slice(0, -3)}abc`);
    await expect(visitor.getByRole('alert')).toContainText('This unsubscribe link is not valid');

    await customer.goto(`${BASE}/account`);
    await expect(card).toContainText('You do not get marketing e-mails from us');
    await expect(card.getByRole('listitem').first()).toContainText('Consent withdrawn');
    await expect(card.getByRole('listitem').first()).toContainText('unsubscribe link in an e-mail');

    // Only one reminder for that basket, however often the upkeep runs.
    await stopShop(shop);
    shop = await startShop(dataDir, DAY_AND_AN_HOUR_MS + 3600_000);
    await owner.goto(`${BASE}/admin/emails`);
    await expect(
      owner.getByRole('link', { name: 'You left cookies in your basket', exact: true }),
    ).toHaveCount(1);
  } finally {
    await stopShop(shop);
    rmSync(dataDir, { recursive: true, force: true });
  }
});
