import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Services } from '~/server/services';
import { createProduct } from '~/test/factories';
import { capturingLogger, listen } from '~/test/listen';
import { createTestApp, type TestApp } from '~/test/test-app';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('each request logged once, with its id', () => {
  let t: TestApp;
  let server: Awaited<ReturnType<typeof listen>>;
  const { log, lines } = capturingLogger();
  let failNextList = false;

  beforeAll(async () => {
    t = await createTestApp();
    const catalog: Services['catalog'] = {
      ...t.services.catalog,
      listActive: async () => {
        if (failNextList) throw new Error('the shelf fell over');
        return t.services.catalog.listActive();
      },
    };
    server = await listen({ ...t.services, log, catalog });
  });
  afterAll(async () => {
    await server?.close();
    await t?.close();
  });

  const linesFor = (id: string | null) => lines.filter((l) => l.reqId === id);

  it('answers with X-Request-Id and writes one line: id, route pattern, status, duration', async () => {
    const product = await createProduct(t.services, { name: 'Shortbread' });
    const res = await fetch(`${server.url}/api/products/${product.id}?utm_source=x`);
    expect(res.status).toBe(200);
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(UUID);
    await res.arrayBuffer();
    // The line is written once the answer is done.
    await vi.waitFor(() => expect(linesFor(id).map((l) => l.msg)).toEqual(['request']));
    const mine = linesFor(id);
    expect(mine[0]).toMatchObject({
      msg: 'request',
      method: 'GET',
      path: `/api/products/${product.id}`,
      route: '/api/products/:id',
      status: 200,
    });
    expect(mine[0]!.ms).toEqual(expect.any(Number));
    // The metrics name the pattern, never the product's id.
    const text = await t.services.metrics.text();
    expect(text).toContain('shop_http_requests_total{method="GET",route="/api/products/:id",status="200"}');
    expect(text).not.toContain(product.id);
  });

  it('gives each request its own id, and ignores an id offered without TRUST_PROXY', async () => {
    const a = await fetch(`${server.url}/api/health`, { headers: { 'x-request-id': 'proxy-id-12345678' } });
    const b = await fetch(`${server.url}/api/health`);
    expect(a.headers.get('x-request-id')).toMatch(UUID);
    expect(b.headers.get('x-request-id')).toMatch(UUID);
    expect(a.headers.get('x-request-id')).not.toBe(b.headers.get('x-request-id'));
  });

  it('puts the id on the error line and in the JSON 500 as its reference', async () => {
    failNextList = true;
    const res = await fetch(`${server.url}/api/products`);
    failNextList = false;
    expect(res.status).toBe(500);
    const id = res.headers.get('x-request-id');
    const body = (await res.json()) as { error: { code: string; message: string; reference: string } };
    expect(body.error).toMatchObject({ code: 'internal', reference: id });
    expect(body.error.message).toContain(`quote this reference: ${id}`);
    await vi.waitFor(() => expect(linesFor(id).map((l) => l.msg)).toEqual(['unhandled error', 'request']));
    const mine = linesFor(id);
    expect(mine[0]).toMatchObject({ level: 50, err: { message: 'the shelf fell over' } });
    expect(mine[1]).toMatchObject({ route: '/api/products', status: 500 });
  });

  it('counts a path no route knows under its catch-all, not under the path', async () => {
    const res = await fetch(`${server.url}/api/no-such-thing-${Date.now()}`);
    expect(res.status).toBe(404);
    const text = await t.services.metrics.text();
    expect(text).toContain('shop_http_requests_total{method="GET",route="/api/*",status="404"}');
    expect(text).not.toContain('no-such-thing');
  });
});

describe('behind a trusted proxy', () => {
  let t: TestApp;
  let server: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
    server = await listen(t.services);
  });
  afterAll(async () => {
    await server?.close();
    await t?.close();
  });

  it("keeps the proxy's sane request id, and replaces one that is not", async () => {
    const kept = await fetch(`${server.url}/api/health`, { headers: { 'x-request-id': 'caddy-7f3a9c21e4' } });
    expect(kept.headers.get('x-request-id')).toBe('caddy-7f3a9c21e4');
    for (const bad of ['short', 'has spaces in it ok', 'x'.repeat(200), 'semi;colon;value']) {
      const res = await fetch(`${server.url}/api/health`, { headers: { 'x-request-id': bad } });
      expect(res.headers.get('x-request-id'), bad).toMatch(UUID);
    }
  });
});
