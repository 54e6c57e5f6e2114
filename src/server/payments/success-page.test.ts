import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadClientBuild } from '~/server/load-build';
import { api, createProduct, createUser } from '~/test/factories';
import { createTestApp, type TestApp } from '~/test/test-app';

const card = { cardNumber: '4242424242424242', expiry: '12 / 40', cvc: '123', name: 'Mary Smith' };
const PROMISE = 'You’ll receive a confirmation email shortly.';

/** A paid order's success page, as the payment page sends the customer to it. */
async function successPage(t: TestApp) {
  const { cookie } = await createUser(t);
  const p = await createProduct(t.services, { name: 'Oat Crunch', pricePennies: 450 });
  const res = await api(
    t,
    'POST',
    '/api/checkout/create-checkout-session',
    { items: [{ product_id: p.id, quantity: 1 }] },
    cookie,
  );
  const { sessionId } = (await res.json()) as { sessionId: string };
  const paid = await api(t, 'POST', `/api/payments/test/sessions/${sessionId}/pay`, card);
  expect(paid.status).toBe(200);
  const page = await t.app.request(`${t.origin}/checkout/success?session_id=${sessionId}`, {
    headers: { cookie },
  });
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('Order Confirmed!');
  return html;
}

describe.each([
  ['on', {}, true],
  ['switched off (ORDER_EMAILS_OFF=paid)', { ORDER_EMAILS_OFF: 'paid' }, false],
] as const)('the success page with confirmation e-mails %s', (_, env, promised) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env, build: await loadClientBuild(process.env.BUILD_DIR) });
  });
  afterAll(() => t.close());

  it(
    promised ? 'promises the confirmation e-mail' : 'promises no e-mail the shop will not send',
    async () => {
      const html = await successPage(t);
      expect(html.includes(PROMISE)).toBe(promised);
      expect(html).toContain('You can track your order status on your');
    },
  );
});
