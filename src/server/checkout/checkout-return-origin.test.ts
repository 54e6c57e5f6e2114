import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servedOrigin } from '~/server/http/served-origin';
import { createProduct, createUser } from '~/test/factories';
import { createTestApp, type TestApp } from '~/test/test-app';

// Issue 43: a customer who opened the shop at 127.0.0.1 pays and comes back to 127.0.0.1, where
// their session cookie is, not to PUBLIC_URL's localhost (signed out); never to a foreign origin.
const PUBLIC = 'http://localhost:4999';
let t: TestApp;
let cookie: string;
let productId: string;

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: PUBLIC } });
  ({ cookie } = await createUser(t));
  productId = (await createProduct(t.services, { name: 'Shortbread', pricePennies: 450 })).id;
});
afterAll(() => t.close());

/** A checkout as a browser at `origin` sends it (the request to that host, its Origin header). */
const checkoutFrom = (origin: string, quantity = 1) =>
  t.app.request(`${origin}/api/checkout/create-checkout-session`, {
    method: 'POST',
    headers: { origin, cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ items: [{ product_id: productId, quantity }] }),
  });

describe('the payment page returns to the origin the customer came from', () => {
  it('opens the payment page on 127.0.0.1 for a customer there, and again when the checkout is resumed', async () => {
    const res = await checkoutFrom('http://127.0.0.1:4999');
    expect(res.status, await res.clone().text()).toBe(200);
    const { url, sessionId } = await res.json();
    expect(url).toBe(`http://127.0.0.1:4999/pay/test/${sessionId}`);
    // The same checkout resumed from localhost is the same page, on localhost.
    const again = await (await checkoutFrom(PUBLIC)).json();
    expect(again.sessionId).toBe(sessionId);
    expect(again.url).toBe(`${PUBLIC}/pay/test/${sessionId}`);
  });

  it('sends a request from an origin the shop does not serve to PUBLIC_URL (no open redirect)', async () => {
    for (const origin of ['http://evil.example', 'http://127.0.0.1:5000']) {
      const res = await checkoutFrom(origin, 2);
      expect(res.status, await res.clone().text()).toBe(200);
      const { url, sessionId } = await res.json();
      expect(url).toBe(`${PUBLIC}/pay/test/${sessionId}`);
    }
  });
});

describe('servedOrigin', () => {
  it.each([
    ['http://localhost:3000', 'http://localhost:3000', 'http://localhost:3000'],
    ['http://127.0.0.1:3000', 'http://localhost:3000', 'http://127.0.0.1:3000'],
    ['http://[::1]:3000', 'http://localhost:3000/', 'http://[::1]:3000'],
    ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://localhost:3000'],
    // Another port, scheme or host is not the shop.
    ['http://127.0.0.1:3001', 'http://localhost:3000', 'http://localhost:3000'],
    ['https://127.0.0.1:3000', 'http://localhost:3000', 'http://localhost:3000'],
    ['http://localhost.evil.example:3000', 'http://localhost:3000', 'http://localhost:3000'],
    // A public shop has no loopback twin: its own origin only.
    ['http://127.0.0.1', 'https://cookies.example', 'https://cookies.example'],
    ['https://cookies.example.evil', 'https://cookies.example', 'https://cookies.example'],
    ['null', 'https://cookies.example', 'https://cookies.example'],
    [undefined, 'https://cookies.example', 'https://cookies.example'],
  ])('%s for PUBLIC_URL %s is %s', (asked, publicUrl, expected) => {
    expect(servedOrigin(asked, publicUrl)).toBe(expected);
  });
});
