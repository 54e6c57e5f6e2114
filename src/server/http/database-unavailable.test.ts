import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createProduct, createUser } from '~/test/factories';
import { serveTestApp } from '~/test/listen';
import type { TestApp } from '~/test/test-app';

// The shop as `npm start` serves it (node:http, page cache, the real build), its database gone for a moment.
let t: TestApp;
let base: string;
let close: () => Promise<void>;
let productId: string;
let adminCookie: string;
beforeAll(async () => {
  ({ t, base, close } = await serveTestApp());
  productId = (await createProduct(t.services, { name: 'Steadfast Shortbread' })).id;
  adminCookie = (await createUser(t, { admin: true })).cookie;
});
afterAll(() => close?.());

/** What pg says when PostgreSQL restarts or fails over under a query. */
const connectionLost = () => new Error('Connection terminated unexpectedly');

describe('a storefront page whose database connection died', () => {
  it.each([
    ['/shop', 'browse'],
    ['/product/:id', 'getActive'],
  ] as const)(
    '%s answers 503 with Retry-After, and the next visitor gets the real page, not a cached failure',
    async (page, method) => {
      const path = page.replace(':id', productId);
      const lost = vi.spyOn(t.services.catalog, method).mockRejectedValueOnce(connectionLost());
      const failed = await fetch(`${base}${path}`);
      expect(failed.status).toBe(503);
      expect(failed.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(failed.headers.get('cache-control')).toBe('no-store');
      expect(lost).toHaveBeenCalledOnce();
      lost.mockRestore();

      const next = await fetch(`${base}${path}`);
      expect(next.status).toBe(200);
      expect(await next.text()).toContain('Steadfast Shortbread');
    },
  );
});

describe('a back-office page whose database connection died', () => {
  it.each([
    ['/admin/orders', () => vi.spyOn(t.services.orders, 'listForAdmin'), 'Orders'],
    ['/admin/settings', () => vi.spyOn(t.services.settings, 'get'), 'Delivery fee'],
  ] as const)(
    '%s answers 503 with Retry-After (not 200 "Failed to load"), then the real page',
    async (page, spy, shows) => {
      const lost = spy().mockRejectedValueOnce(connectionLost());
      const failed = await fetch(`${base}${page}`, { headers: { cookie: adminCookie } });
      expect(failed.status).toBe(503);
      expect(failed.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(await failed.text()).not.toContain('Failed to load');
      expect(lost).toHaveBeenCalledOnce();
      lost.mockRestore();

      const next = await fetch(`${base}${page}`, { headers: { cookie: adminCookie } });
      expect(next.status).toBe(200);
      expect(await next.text()).toContain(shows);
    },
  );

  it('a change that meets a lost connection answers 503 with Retry-After and "try again"', async () => {
    const lost = vi.spyOn(t.services.settings, 'save').mockRejectedValueOnce(connectionLost());
    const body = new URLSearchParams({ intent: 'settings', deliveryFee: '4.99' });
    const res = await fetch(`${base}/admin/settings`, {
      method: 'POST',
      headers: { cookie: adminCookie, origin: base, 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await res.text()).toContain('Please try again');
    expect(lost).toHaveBeenCalledOnce();
  });
});
