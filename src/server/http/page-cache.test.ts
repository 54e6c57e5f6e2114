import type { IncomingMessage, ServerResponse } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ANONYMOUS_CHECKOUT_MAX_AGE_MS } from '~/server/app';
import { browsePageKey } from '~/shared/browse-pages';
import { createProduct, createUser } from '~/test/factories';
import { serveTestApp } from '~/test/listen';
import type { TestApp } from '~/test/test-app';
import { acceptsGzip, createPageCache, type Freshness } from './page-cache';

// The shop as `npm start` serves it (node:http, the real React Router build), on a test database.
let t: TestApp;
let base: string;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, base, close } = await serveTestApp());
});
afterAll(() => close?.());

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

  it('keeps no 404s and no shop pages past the last, so made-up URLs cannot crowd it', async () => {
    const missing = `${base}/product/00000000-0000-4000-8000-000000000000`;
    const farPage = `${base}/shop?page=987654`;
    for (const url of [missing, farPage]) await fetch(url);
    const versionReads = vi.spyOn(t.services.catalogVersion, 'current');
    // Each goes to the app again (a cached answer never reaches it): neither was kept.
    expect((await fetch(missing)).status).toBe(404);
    expect(versionReads).toHaveBeenCalled();
    versionReads.mockClear();
    expect((await fetch(farPage)).status).toBe(200);
    expect(versionReads).toHaveBeenCalled();
    versionReads.mockRestore();
  });

  it('sends a cached page unzipped to a client that refuses gzip (gzip;q=0)', async () => {
    const product = await createProduct(t.services, { name: 'Plain Biscuit' });
    await fetch(`${base}/product/${product.id}`);
    const raw = await new Promise<{ encoding?: string; body: string }>((resolve, reject) => {
      import('node:http').then(({ get }) =>
        get(
          `${base}/product/${product.id}`,
          { headers: { 'accept-encoding': 'gzip;q=0, br;q=0' } },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () =>
              resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks).toString() }),
            );
          },
        ).on('error', reject),
      );
    });
    expect(raw.encoding).toBeUndefined();
    expect(raw.body).toContain('Plain Biscuit');
  });
});

describe('the cart and checkout pages', () => {
  it('answers the cart from the cache: it is the same for everyone until the basket fills in', async () => {
    const cart = await (await fetch(`${base}/cart`)).text();
    expect(cart).toContain('Shopping Cart');
    const versionReads = vi.spyOn(t.services.catalogVersion, 'current');
    const cacheHits = vi.spyOn(t.services.catalogVersion, 'known');
    expect(await (await fetch(`${base}/cart`)).text()).toBe(cart);
    // Answered on node:http from the cache (which checks the known version), not by the app.
    expect(cacheHits).toHaveBeenCalled();
    expect(versionReads).not.toHaveBeenCalled();
    versionReads.mockRestore();
    cacheHits.mockRestore();
  });

  it("caches checkout for visitors without a session for a few seconds, never a signed-in customer's", async () => {
    const customer = await createUser(t, { address: '17 Cache Lane', fullName: 'Ada Checkout' });
    const anonymous = await fetch(`${base}/checkout`);
    expect(anonymous.headers.get('cache-control')).toBe('private, no-store');
    const page = await anonymous.text();
    const versionReads = vi.spyOn(t.services.catalogVersion, 'current');
    const dayReads = vi.spyOn(t.services.bakeDays, 'choices');
    const again = await fetch(`${base}/checkout`);
    expect(await again.text()).toBe(page);
    expect(again.headers.get('cache-control')).toBe('private, no-store');
    expect(versionReads).not.toHaveBeenCalled();
    expect(dayReads).not.toHaveBeenCalled();

    // Signed in: their own page, with their address, however warm the cache.
    const mine = await (await fetch(`${base}/checkout`, { headers: { cookie: customer.cookie } })).text();
    expect(mine).toContain('17 Cache Lane');
    expect(dayReads).toHaveBeenCalledTimes(1);
    expect(await (await fetch(`${base}/checkout`)).text()).not.toContain('17 Cache Lane');

    // The delivery days fill as people order: after a few seconds the page is drawn again.
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now + ANONYMOUS_CHECKOUT_MAX_AGE_MS + 1);
    versionReads.mockClear();
    await fetch(`${base}/checkout`);
    expect(versionReads).toHaveBeenCalled();
    clock.mockRestore();
    versionReads.mockRestore();
    dayReads.mockRestore();
  });
});

describe('acceptsGzip', () => {
  it.each([
    ['gzip', true],
    ['gzip, deflate, br', true],
    ['GZIP;q=0.5', true],
    ['gzip;q=0', false],
    ['gzip; q=0.0, *', false],
    ['*', true],
    ['*;q=0', false],
    ['identity', false],
    ['br', false],
    ['', false],
  ])('%j -> %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});

describe('cached shop searches and filters', () => {
  it('caches a filtered shop under one spelling of its query, whatever the order of the filters', async () => {
    const filtered = await (await fetch(`${base}/shop?free=peanuts&free=milk&sort=name`)).text();
    const versionReads = vi.spyOn(t.services.catalogVersion, 'current');
    const again = await fetch(`${base}/shop?sort=name&free=milk&free=peanuts&utm_source=x`);
    expect(await again.text()).toBe(filtered);
    expect(versionReads).not.toHaveBeenCalled();
    versionReads.mockRestore();
  });

  it('keeps searches within maxSearchBytes, the oldest going first, without pushing out the shared pages', async () => {
    let rendered = 0;
    const cache = createPageCache({
      keyFor: (url) => browsePageKey(url.pathname, url.searchParams),
      version: async () => 1,
      knownVersion: () => 1,
      // Room for two of these ~10 KB answers, not three.
      maxSearchBytes: 25_000,
    });
    const app = new Hono().use(cache.middleware).get('*', (c) => {
      rendered++;
      return c.html(`<p>${c.req.url}</p>${'x'.repeat(10_000)}`);
    });
    const get = (path: string) => app.request(path);
    await get('/shop');
    for (const q of ['a', 'b', 'c']) await get(`/shop?q=${q}`);
    expect(rendered).toBe(4);
    await get('/shop'); // still cached: searches have their own pool
    await get('/shop?q=c'); // the newest searches are kept
    expect(rendered).toBe(4);
    await get('/shop?q=a'); // the oldest was dropped
    expect(rendered).toBe(5);
  });
});

describe('misses and pages fresh for a while', () => {
  /** A cache in front of an app that counts its renders, each taking `renderMs`. */
  function counted(options: { freshFor?: (url: URL) => Promise<Freshness | undefined>; renderMs?: number }) {
    let rendered = 0;
    const cache = createPageCache({
      keyFor: (url) => (url.pathname.startsWith('/page') ? url.pathname : null),
      version: async () => 1,
      knownVersion: () => 1,
      freshFor: options.freshFor,
    });
    const app = new Hono().use(cache.middleware).get('*', async (c) => {
      rendered++;
      await new Promise((r) => setTimeout(r, options.renderMs ?? 0));
      if (c.req.path === '/page/cookie') c.header('set-cookie', 'a=b');
      return c.html(`<p>render ${rendered}</p>`);
    });
    return { get: (path: string) => app.request(path), rendered: () => rendered };
  }

  it('draws a page once for the misses that arrive together, and each gets its answer', async () => {
    const shop = counted({ renderMs: 50 });
    const answers = await Promise.all(Array.from({ length: 20 }, () => shop.get('/page/a')));
    expect(shop.rendered()).toBe(1);
    expect(new Set(await Promise.all(answers.map((r) => r.text())))).toEqual(new Set(['<p>render 1</p>']));
    // Another page is its own miss.
    await Promise.all([shop.get('/page/b'), shop.get('/page/b')]);
    expect(shop.rendered()).toBe(2);
  });

  it('answers waiting misses on their own when the page may not be kept', async () => {
    const shop = counted({ renderMs: 20 });
    const answers = await Promise.all([shop.get('/page/cookie'), shop.get('/page/cookie')]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect(shop.rendered()).toBe(2);
  });

  it('keeps a page only as long as freshFor says for its URL, others until the version changes', async () => {
    const shop = counted({
      freshFor: async (url) => (url.pathname === '/page/short' ? { freshMs: 1000 } : undefined),
    });
    await shop.get('/page/short');
    await shop.get('/page/long');
    await shop.get('/page/short');
    expect(shop.rendered()).toBe(2);
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now + 1001);
    try {
      expect(await (await shop.get('/page/short')).text()).toBe('<p>render 3</p>');
      expect(await (await shop.get('/page/long')).text()).toBe('<p>render 2</p>');
    } finally {
      clock.mockRestore();
    }
  });
});

describe('a page fresh for a while, answered while one redraw runs in the background', () => {
  /**
   * A cache whose pages are fresh for 1 s, then stale for 1 s more, in front of an app whose
   * drawings wait until the test lets them finish (`finish`), or fail while `failing` is set.
   */
  function held() {
    let version = 1;
    let rendered = 0;
    let failing = false;
    const waiting: (() => void)[] = [];
    const cache = createPageCache({
      keyFor: (url) => url.pathname,
      version: async () => version,
      knownVersion: () => version,
      freshFor: async () => ({ freshMs: 1000, staleMs: 1000 }),
    });
    const app = new Hono();
    app.onError((_, c) => c.text('could not draw', 500));
    app.use(cache.middleware).get('*', async (c) => {
      const n = ++rendered;
      await new Promise<void>((resolve) => waiting.push(resolve));
      if (failing) throw new Error('the database went away');
      return c.html(`<p>version ${version}, render ${n}</p>`);
    });
    cache.redrawThrough(app.fetch);
    const get = async (path = '/page') => {
      const res = await app.request(path);
      return `${res.status} ${await res.text()}`;
    };
    /** Lets the drawings under way finish, and gives the cache a moment to keep their answers. */
    const finish = async () => {
      await vi.waitFor(() => expect(waiting.length).toBeGreaterThan(0));
      for (const resolve of waiting.splice(0)) resolve();
      await new Promise((r) => setTimeout(r, 20));
    };
    return {
      cache,
      get,
      finish,
      rendered: () => rendered,
      drawing: () => waiting.length,
      newVersion: () => version++,
      fail: (on: boolean) => (failing = on),
    };
  }

  /** Runs `body` with Date.now() as `ms` after the start. */
  const start = Date.now();
  async function at<T>(ms: number, body: () => Promise<T>): Promise<T> {
    const clock = vi.spyOn(Date, 'now').mockReturnValue(start + ms);
    try {
      return await body();
    } finally {
      clock.mockRestore();
    }
  }

  /** The first drawing, made at the start, kept. */
  async function drawn() {
    const shop = held();
    const first = at(0, () => shop.get());
    await shop.finish();
    expect(await first).toBe('200 <p>version 1, render 1</p>');
    return shop;
  }

  it('answers the old copy at once while one redraw is under way, then the new copy', async () => {
    const shop = await drawn();
    expect(await at(500, () => shop.get())).toBe('200 <p>version 1, render 1</p>');
    expect(shop.rendered()).toBe(1);

    // Past its freshness: every request is answered the copy without waiting, and one redraw runs.
    const answers = await at(1200, () => Promise.all(Array.from({ length: 10 }, () => shop.get())));
    expect(new Set(answers)).toEqual(new Set(['200 <p>version 1, render 1</p>']));
    expect(shop.rendered()).toBe(2);
    expect(shop.drawing()).toBe(1);
    expect(await at(1500, () => shop.get())).toBe('200 <p>version 1, render 1</p>');
    expect(shop.rendered()).toBe(2);

    await shop.finish();
    expect(await at(1600, () => shop.get())).toBe('200 <p>version 1, render 2</p>');
    expect(shop.rendered()).toBe(2);
  });

  it('answers the copy on node:http too, starting the redraw there, past the queue for pages', async () => {
    const shop = await drawn();
    const written: { status?: number; body?: string }[] = [];
    const node = () => {
      const req = { method: 'GET', url: '/page', headers: { host: 'shop.test' }, rawHeaders: [] };
      const res = {
        writeHead: (status: number) => written.push({ status }),
        end: (body: Uint8Array) => (written.at(-1)!.body = Buffer.from(body).toString()),
      };
      return shop.cache.serveFromNode(req as unknown as IncomingMessage, res as unknown as ServerResponse);
    };
    expect(await at(1200, async () => [node(), node(), node()])).toEqual([true, true, true]);
    expect(new Set(written.map((w) => JSON.stringify(w)))).toEqual(
      new Set([JSON.stringify({ status: 200, body: '<p>version 1, render 1</p>' })]),
    );
    expect(shop.rendered()).toBe(2);
    await shop.finish();
    expect(await at(1300, () => shop.get())).toBe('200 <p>version 1, render 2</p>');
    // Past the copy's allowance, and with no redraw under way, the app answers the request.
    expect(await at(5000, async () => node())).toBe(false);
  });

  it('never answers a copy past its allowance: those requests wait for the redraw', async () => {
    const shop = await drawn();
    expect(await at(1200, () => shop.get())).toBe('200 <p>version 1, render 1</p>');
    // Two seconds after it was drawn the copy is too old, even with its redraw under way.
    const late = at(2100, () => shop.get());
    await shop.finish();
    expect(await late).toBe('200 <p>version 1, render 2</p>');
    expect(shop.rendered()).toBe(2);
  });

  it("never answers the copy from before an owner's change, however fresh", async () => {
    const shop = await drawn();
    shop.newVersion();
    const after = at(200, () => shop.get());
    await shop.finish();
    expect(await after).toBe('200 <p>version 2, render 2</p>');

    // Nor past its freshness: the change comes while the copy would be answered stale.
    shop.newVersion();
    const later = at(1500, () => shop.get());
    await shop.finish();
    expect(await later).toBe('200 <p>version 3, render 3</p>');
  });

  it('keeps nothing from a failed redraw, and the next request tries again and gets an answer', async () => {
    const shop = await drawn();
    shop.fail(true);
    expect(await at(1200, () => shop.get())).toBe('200 <p>version 1, render 1</p>');
    await shop.finish(); // the redraw fails
    expect(shop.rendered()).toBe(2);

    // The copy is still answered within its allowance, and the next request starts a redraw anew.
    shop.fail(false);
    expect(await at(1300, () => shop.get())).toBe('200 <p>version 1, render 1</p>');
    expect(shop.rendered()).toBe(3);
    await shop.finish();
    expect(await at(1400, () => shop.get())).toBe('200 <p>version 1, render 3</p>');

    // Past the allowance, a failing redraw leaves its waiters to draw their own: none hangs.
    shop.fail(true);
    const waiters = at(5000, () => Promise.all([shop.get(), shop.get()]));
    await shop.finish(); // the leader fails
    shop.fail(false);
    await shop.finish(); // each waiter's own drawing
    expect((await waiters).sort()).toEqual(['200 <p>version 1, render 5</p>', '500 could not draw']);
  });
});

describe('files and pages through node:http', () => {
  it('serves public files by name, and pages (which skip the file look-up) as before', async () => {
    const icon = await fetch(`${base}/favicon.svg`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(icon.headers.get('cache-control')).toBe('public, max-age=86400');

    const page = await fetch(`${base}/our-story`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<h1');
    expect((await fetch(`${base}/no-such-file.svg`)).status).toBe(404);
  });
});
