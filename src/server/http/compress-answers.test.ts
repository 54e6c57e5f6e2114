import { constants, gunzipSync, gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { compressAnswers } from './compress-answers';

const page = `<!DOCTYPE html><p>${'Shropshire shortbread. '.repeat(200)}</p>`;
// Larger than what is zipped on the event loop (a long back-office list).
const bigPage = `<!DOCTYPE html><ul>${Array.from({ length: 12000 }, (_, i) => `<li>Order ${i * 7919}</li>`).join('')}</ul>`;
const app = new Hono()
  .use(compressAnswers())
  .get('/small', (c) => c.json({ ok: true }))
  .get('/page', (c) => c.html(page))
  .get('/account', (c) => c.html(page, 200, { 'cache-control': 'private, no-store' }))
  .get('/admin/orders', (c) => c.html(bigPage, 200, { 'cache-control': 'private, no-store' }))
  .get('/export', (c) => c.body('number,total\n'.repeat(500), 200, { 'content-type': 'text/csv' }));

const get = (path: string, acceptEncoding?: string) =>
  app.request(path, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('compressed answers', () => {
  it('sends a small JSON answer as it is, with its length', async () => {
    const res = await get('/small', 'gzip');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('content-length')).toBe('11');
    expect(await res.json()).toEqual({ ok: true });
  });

  it('gzips a page for a browser that takes gzip, and sends it plain to one that does not', async () => {
    const zipped = await get('/page', 'gzip, deflate, br');
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('vary')).toMatch(/accept-encoding/i);
    const bytes = Buffer.from(await zipped.arrayBuffer());
    expect(Number(zipped.headers.get('content-length'))).toBe(bytes.byteLength);
    expect(bytes.byteLength).toBeLessThan(page.length / 4);
    expect(gunzipSync(bytes).toString()).toBe(page);

    const plain = await get('/page');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(page);
  });

  it('still compresses other answers, such as a CSV export, as they stream', async () => {
    const res = await get('/export', 'gzip');
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await res.arrayBuffer())).toString()).toBe('number,total\n'.repeat(500));
  });

  it('zips a page drawn for one visitor fast, and a page that may be kept for everyone small', async () => {
    const shared = Buffer.from(await (await get('/page', 'gzip')).arrayBuffer());
    const mine = Buffer.from(await (await get('/account', 'gzip')).arrayBuffer());
    expect(gunzipSync(mine).toString()).toBe(page);
    expect(shared).toEqual(gzipSync(page));
    expect(mine).toEqual(gzipSync(page, { level: constants.Z_BEST_SPEED }));
  });

  it('zips a long page for one visitor the same way', async () => {
    const res = await get('/admin/orders', 'gzip');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bigPage.length).toBeGreaterThan(256 * 1024);
    expect(Number(res.headers.get('content-length'))).toBe(bytes.byteLength);
    expect(bytes).toEqual(gzipSync(bigPage, { level: constants.Z_BEST_SPEED }));
  });
});
