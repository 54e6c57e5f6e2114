import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen } from '~/test/listen';
import { createTestApp, type TestApp } from '~/test/test-app';

const TOKEN = 'scrape-token-0123456789abcdef';

describe('GET /metrics', () => {
  let t: TestApp;
  let server: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
    server = await listen(t.services);
  });
  afterAll(async () => {
    await server?.close();
    await t?.close();
  });

  it('answers a scraper on this machine in Prometheus text', async () => {
    const res = await fetch(`${server.url}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(text).toContain('# TYPE shop_http_requests_total counter');
    expect(text).toContain('# TYPE shop_orders_placed_total counter');
    expect(text).toMatch(/^shop_db_connections_in_use \d+$/m);
    expect(text).toMatch(/^shop_db_connections_max \d+$/m);
  });

  it('refuses (403) a request a proxy on this machine forwards for another address', async () => {
    const forwarded: Record<string, string>[] = [
      { 'x-forwarded-for': '203.0.113.9' },
      { 'x-forwarded-for': '127.0.0.1, 203.0.113.9' },
      { 'x-real-ip': '203.0.113.9' },
      { forwarded: 'for=203.0.113.9' },
    ];
    for (const header of forwarded) {
      const res = await fetch(`${server.url}/metrics`, { headers: header });
      expect(res.status, JSON.stringify(header)).toBe(403);
      expect(await res.json()).toMatchObject({ error: { code: 'forbidden' } });
    }
    const local = await fetch(`${server.url}/metrics`, { headers: { 'x-forwarded-for': '127.0.0.1' } });
    expect(local.status).toBe(200);
  });

  it('answers elsewhere only with METRICS_TOKEN as a bearer token', async () => {
    // app.request has no socket: the request is not from this machine.
    expect((await t.app.request('/metrics')).status).toBe(403);
    const wrong = await t.app.request('/metrics', {
      headers: { authorization: 'Bearer not-the-token-at-all' },
    });
    expect(wrong.status).toBe(403);
    const right = await t.app.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(right.status).toBe(200);
    expect(await right.text()).toContain('shop_orders_paid_total');
    const forwarded = await fetch(`${server.url}/metrics`, {
      headers: { 'x-forwarded-for': '203.0.113.9', authorization: `Bearer ${TOKEN}` },
    });
    expect(forwarded.status).toBe(200);
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => t?.close());

  it('refuses every bearer token when none is configured', async () => {
    const res = await t.app.request('/metrics', { headers: { authorization: 'Bearer anything-at-all-123' } });
    expect(res.status).toBe(403);
  });

  it('refuses a forwarded client behind a trusted proxy on this machine', async () => {
    const server = await listen(t.services);
    try {
      const res = await fetch(`${server.url}/metrics`, { headers: { 'x-forwarded-for': '198.51.100.7' } });
      expect(res.status).toBe(403);
      expect((await fetch(`${server.url}/metrics`)).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
