import { type APIRequestContext, expect, type Page, request } from '@playwright/test';
import { TOTP } from 'otpauth';
import { E2E_BASE_URL } from './base-url';

/**
 * The demo accounts seeded into the embedded database (see README). The demo admin's
 * authenticator secret is published too (decision 078): journeys compute its codes.
 */
export const DEMO_ADMIN = {
  email: 'admin@shropshirecookies.example',
  password: 'admin-demo-2026',
  totpSecret: 'SHROPSHIRECOOKIESDEMOADMIN234567',
};

/** The authenticator's code now, or on a shop whose clock is moved by `clockOffsetMs` (decision 073). */
export const totpCode = (base32Secret: string, clockOffsetMs = 0) =>
  new TOTP({ secret: base32Secret, digits: 6, period: 30 }).generate({
    timestamp: Date.now() + clockOffsetMs,
  });
export const DEMO_CUSTOMER = { email: 'customer@shropshirecookies.example', password: 'customer-demo-2026' };

import { plainCookie } from '../src/test/plain-cookie';

export { plainCookie };

let seq = 0;
/** A unique e-mail for a customer a journey signs up. */
export const uniqueEmail = (prefix = 'shopper') =>
  `${prefix}-${Date.now().toString(36)}-${process.pid}-${seq++}@example.com`;

/**
 * Signs `req` in through the API, for journeys whose subject is not signing in (those use the
 * /auth form), completing the second factor an account (every back-office one) is asked for:
 * `base` is the shop, `clockOffsetMs` how far its clock is moved.
 */
export async function signInRequest(
  req: APIRequestContext,
  account: { email: string; password: string; totpSecret?: string },
  { base = E2E_BASE_URL, clockOffsetMs = 0 } = {},
) {
  const headers = { origin: base };
  const res = await req.post(`${base}/api/auth/sign-in/email`, {
    data: { email: account.email, password: account.password },
    headers,
  });
  if (!res.ok()) throw new Error(`sign-in failed: ${res.status()} ${await res.text()}`);
  if (!((await res.json()) as { twoFactorRedirect?: boolean }).twoFactorRedirect) return;
  if (!account.totpSecret) throw new Error(`${account.email} asks for a code; pass its totpSecret`);
  const verified = await req.post(`${base}/api/auth/two-factor/verify-totp`, {
    data: { code: totpCode(account.totpSecret, clockOffsetMs) },
    headers,
  });
  if (!verified.ok()) throw new Error(`second factor refused: ${verified.status()} ${await verified.text()}`);
}

export const signInWithApi = (page: Page, account: Parameters<typeof signInRequest>[1]) =>
  signInRequest(page.request, account);

/**
 * Waits for the authenticator's next code, as a person does after using one: a code is accepted
 * once (decision 087).
 */
export const waitForNextCode = () =>
  new Promise((resolve) => setTimeout(resolve, 30_000 - (Date.now() % 30_000) + 200));

/** The sign-in form's code step, as a person with the authenticator whose secret this is. */
export async function enterCodeOnSignIn(page: Page, base32Secret: string) {
  const step = page.getByRole('form', { name: 'Second factor' });
  await step.getByLabel('Authentication code').fill(totpCode(base32Secret));
  await step.getByRole('button', { name: 'Verify' }).click();
}

/**
 * Storefront pages paint before their JavaScript loads; the header's menu button is disabled until
 * it has. Journeys about in-app navigation (rather than full page loads) wait for it first.
 */
export async function waitUntilInteractive(page: Page) {
  await expect(page.getByRole('button', { name: 'Open menu', includeHidden: true })).toBeEnabled();
}

/** Signs up a new customer through the API and signs them in; the cookie lands in `page`. */
export async function signUpWithApi(page: Page, fullName = 'Hazel Crumb', password = 'gingernut1') {
  const email = uniqueEmail('customer');
  const headers = { origin: E2E_BASE_URL };
  const signUp = await page.request.post('/api/account/sign-up', {
    headers,
    data: {
      fullName,
      email,
      phone: '07700900111',
      address: '2 Pride Hill',
      city: 'Shrewsbury',
      postcode: 'SY1 1BY',
      password,
    },
  });
  expect(signUp.status(), await signUp.text()).toBe(201);
  const signIn = await page.request.post('/api/auth/sign-in/email', { headers, data: { email, password } });
  expect(signIn.ok()).toBe(true);
  return { email, password, fullName };
}

/** A new customer with a postcode of their own buys one cookie (`quantity` of it) through the real endpoints. */
export async function paidOrderFrom(postcode: string, quantity = 2) {
  const customer = await request.newContext({
    baseURL: E2E_BASE_URL,
    extraHTTPHeaders: { origin: E2E_BASE_URL },
  });
  try {
    const email = uniqueEmail('export');
    const password = 'gingernut1';
    const signUp = await customer.post('/api/account/sign-up', {
      data: {
        fullName: 'Ivy Export',
        email,
        phone: '07700900222',
        address: '3 Broad St',
        city: 'Ludlow',
        postcode,
        password,
      },
    });
    expect(signUp.status(), await signUp.text()).toBe(201);
    expect((await customer.post('/api/auth/sign-in/email', { data: { email, password } })).ok()).toBe(true);
    const cookie = plainCookie((await (await customer.get('/api/products')).json()).products);
    const checkout = await customer.post('/api/checkout/create-checkout-session', {
      data: { items: [{ product_id: cookie.id, quantity }] },
    });
    expect(checkout.ok(), await checkout.text()).toBe(true);
    const { sessionId } = await checkout.json();
    const paid = await customer.post(`/api/payments/test/sessions/${sessionId}/pay`, {
      data: { cardNumber: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123', name: 'Ivy Export' },
    });
    expect(paid.ok(), await paid.text()).toBe(true);
    const { orders } = await (await customer.get('/api/account/orders')).json();
    return {
      id: orders[0].id as string,
      email,
      product: cookie.name,
      deliveryDate: orders[0].delivery_date as string,
    };
  } finally {
    await customer.dispose();
  }
}

/**
 * Fills the built-in test payment page's card form (4242 4242 4242 4242 pays; 4000 0000 0000 0002
 * is declined); the journey then presses Pay, naming the amount when it matters.
 */
export async function fillTestCard(page: Page, name = 'Demo Customer', number = '4242 4242 4242 4242') {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry date').fill('12 / 34');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByLabel('Name on card').fill(name);
}

/** "Friday 4 December": how the shop names a day to customers (en-GB). */
export const longDay = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
  });

/** A day as the checkout's quote offers it to one customer. */
export interface OfferedDay {
  date: string;
  state: string;
  booked: number;
  capacity: number;
}

/** An active product's id, by its name in the shop. */
export async function productId(page: Page, name: string): Promise<string> {
  const res = await page.request.get('/api/products');
  expect(res.ok()).toBe(true);
  const { products } = (await res.json()) as { products: { id: string; name: string }[] };
  const found = products.find((p) => p.name === name);
  if (!found) throw new Error(`no active product named ${name}`);
  return found.id;
}

/**
 * The days the shop itself offers the signed-in customer of `page` for these lines (their zone's
 * days, or a limited product's, from the checkout's own quote), soonest first: journeys take their
 * days from here, never from the weekday they happen to run on.
 */
export async function offeredDays(
  page: Page,
  items: { product_id: string; quantity: number }[],
): Promise<OfferedDay[]> {
  const res = await page.request.post('/api/checkout/quote', {
    headers: { origin: E2E_BASE_URL },
    data: { items },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const quote = (await res.json()) as { days?: OfferedDay[]; limited_days: { days: OfferedDay[] } | null };
  return quote.limited_days?.days ?? quote.days ?? [];
}

/** Adds one of a cookie to the basket from /shop, as a customer does. */
export async function addOneFromShop(page: Page, name: string) {
  await page.goto('/shop');
  await page
    .getByRole('link', { name: new RegExp(name) })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText(`Added 1 ${name} to cart`)).toBeVisible();
}
