import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadClientBuild } from '~/server/load-build';
import { createProduct } from '~/test/factories';
import { createTestApp, type TestApp } from '~/test/test-app';
import { createNodeListener } from './node-listener';

// The shop as `npm start` serves it (node:http, the real React Router build), on a test database.
let t: TestApp;
let server: Server;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  server = createServer(createNodeListener(t.services, await loadClientBuild(process.env.BUILD_DIR)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
});

const names = async (res: Response) =>
  ((await res.json()) as { products: { name: string }[] }).products.map((p) => p.name);

describe('cached storefront answers', () => {
  it('shows a product change at once, and answers repeats without asking the app again', async () => {
    await createProduct(t.services, { name: 'Cached Shortbread' });
    expect(await names(await fetch(`${base}/api/products`))).toContain('Cached Shortbread');

    const versionReads = vi.spyOn(t.services.catalogVersion, 'current');
    expect(await names(await fetch(`${base}/api/products`))).toContain('Cached Shortbread');
    // The repeat came from the cache on node:http: the app (which reads the version) never saw it.
    expect(versionReads).not.toHaveBeenCalled();

    await createProduct(t.services, { name: 'Fresh Gingernut' });
    expect(await names(await fetch(`${base}/api/products`))).toEqual(
      expect.arrayContaining(['Cached Shortbread', 'Fresh Gingernut']),
    );
    versionReads.mockRestore();
  });

  it('sends a cached page with the same headers as the first answer, gzipped when asked', async () => {
    const product = await createProduct(t.services, { name: 'Header Biscuit' });
    const first = await fetch(`${base}/product/${product.id}`);
    const firstBody = await first.text();
    const plain = await fetch(`${base}/product/${product.id}`, {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.status).toBe(200);
    expect(await plain.text()).toBe(firstBody);
    for (const header of ['content-type', 'cache-control', 'x-content-type-options', 'referrer-policy']) {
      expect(plain.headers.get(header), header).toBe(first.headers.get(header));
    }
    expect(plain.headers.get('x-content-type-options')).toBe('nosniff');

    // Raw bytes, to see the encoding on the wire (fetch would unzip them).
    const zipped = await new Promise<{ encoding?: string; body: Buffer }>((resolve, reject) => {
      import('node:http').then(({ get }) =>
        get(`${base}/product/${product.id}`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }),
          );
        }).on('error', reject),
      );
    });
    expect(zipped.encoding).toBe('gzip');
    expect(gunzipSync(zipped.body).toString()).toBe(firstBody);
  });

  it("answers links with tracking parameters from the page's entry, but not another shop page", async () => {
    const shop = await (await fetch(`${base}/shop`)).text();
    const versionReads = vi.spyOn(t.services.catalogVersion, 'current');
    expect(await (await fetch(`${base}/shop?utm_source=newsletter`)).text()).toBe(shop);
    expect(versionReads).not.toHaveBeenCalled();

    await fetch(`${base}/shop?page=2`);
    expect(versionReads).toHaveBeenCalled();
    versionReads.mockRestore();
  });
});
