import { eq } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '~/server/db/schema';
import { seedCatalog } from '~/server/db/seed-catalog';
import { loadClientBuild } from '~/server/load-build';
import { formatPence } from '~/shared/money/money';
import { SYSTEM } from '~/shared/orders/actor';
import { createProduct, sharedDataChanged } from '~/test/factories';
import { createCustomer, createOrder } from '~/test/order-factories';
import { createTestApp, type TestApp } from '~/test/test-app';

// Pages rendered by the real React Router build (run `npm run build` first), as storefront-pages.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ build: await loadClientBuild(process.env.BUILD_DIR) });
  // The demo catalogue, as `npm start` shows it: every one of its products is checked below.
  await seedCatalog(t.services.db);
  await sharedDataChanged(t.services);
});
afterAll(() => t?.close());

const text = async (path: string) => {
  const res = await t.app.request(path);
  return { status: res.status, type: res.headers.get('content-type') ?? '', body: await res.text() };
};

// biome-ignore lint/suspicious/noExplicitAny: parsed JSON-LD and XML are read field by field.
type Parsed = Record<string, any>;
type JsonLd = Parsed;
/** The page's JSON-LD blocks, parsed. */
function jsonLdOf(html: string): JsonLd[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) =>
    JSON.parse(m[1]!),
  );
}

const xml = new XMLParser({
  ignoreAttributes: false,
  isArray: (name) => name === 'item' || name === 'g:shipping',
});
/** The Google feed's items by id, each field as text. */
async function googleItems(): Promise<Map<string, Parsed>> {
  const { status, type, body } = await text('/feeds/google.xml');
  expect(status).toBe(200);
  expect(type).toContain('application/rss+xml');
  const rss = xml.parse(body).rss;
  expect(rss['@_version']).toBe('2.0');
  expect(rss['@_xmlns:g']).toBe('http://base.google.com/ns/1.0');
  return new Map((rss.channel.item ?? []).map((i: Parsed) => [String(i['g:id']), i]));
}

/** The Meta catalogue's rows by id (RFC 4180, as the file quotes them). */
async function metaRows(): Promise<Map<string, Record<string, string>>> {
  const { status, body } = await text('/feeds/meta.csv');
  expect(status).toBe(200);
  const rows = parseCsv(body);
  const [header, ...rest] = rows;
  expect(header).toEqual([
    'id',
    'title',
    'description',
    'availability',
    'condition',
    'price',
    'link',
    'image_link',
    'brand',
  ]);
  return new Map(rest.map((r) => [r[0]!, Object.fromEntries(header!.map((h, i) => [h, r[i]!]))]));
}

function parseCsv(body: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted && c === '"' && body[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') quoted = !quoted;
    else if (quoted || (c !== ',' && c !== '\r' && c !== '\n')) cell += c;
    else if (c === ',') endCell();
    else if (c === '\n') {
      endCell();
      rows.push(row);
      row = [];
    }
  }
  return rows;
}

/** schema.org's Product needs a name and one of offers, review or aggregateRating (woocommerce #24862). */
function expectValidProduct(ld: JsonLd) {
  expect(ld['@context']).toBe('https://schema.org');
  expect(ld['@type']).toBe('Product');
  expect(typeof ld.name).toBe('string');
  expect(ld.image.length).toBeGreaterThan(0);
  expect(ld.offers['@type']).toBe('Offer');
  expect(ld.offers.priceCurrency).toBe('GBP');
  expect(ld.offers.price).toMatch(/^\d+\.\d{2}$/);
  expect(['https://schema.org/InStock', 'https://schema.org/OutOfStock']).toContain(ld.offers.availability);
  expect(ld.offers.url).toBe(ld.url);
}

describe('what search engines and catalogues are told of each product', () => {
  it('the page, its JSON-LD, the Google feed and the Meta catalogue say the same, for every product', async () => {
    await createProduct(t.services, { name: 'Lemon & "Poppy" <Seed>', pricePennies: 375, description: null });
    const all = await t.services.catalog.listActive();
    expect(all.length).toBeGreaterThan(10);
    const [google, meta] = [await googleItems(), await metaRows()];
    expect([...google.keys()].sort()).toEqual(all.map((p) => p.id).sort());
    expect([...meta.keys()].sort()).toEqual(all.map((p) => p.id).sort());
    for (const p of all) {
      const { status, body: html } = await text(`/product/${p.id}`);
      expect(status).toBe(200);
      const [ld, crumbs] = jsonLdOf(html);
      expectValidProduct(ld!);
      // The markup's price is the one the page shows.
      expect(html).toContain(`>${formatPence(p.price_pennies)}</p>`);
      expect(ld!.offers.price).toBe((p.price_pennies / 100).toFixed(2));
      expect(ld!.name).toBe(p.name);
      expect(ld!.url).toBe(`http://shop.test/product/${p.id}`);
      expect(crumbs!.itemListElement.map((c: JsonLd) => c.name)).toEqual(['Home', 'Shop', p.name]);

      const g = google.get(p.id)!;
      expect(g['g:title']).toBe(ld!.name);
      expect(g['g:description']).toBe(ld!.description);
      expect(g['g:link']).toBe(ld!.url);
      expect(g['g:image_link']).toBe(ld!.image[0]);
      expect(g['g:price']).toBe(`${ld!.offers.price} GBP`);
      expect(g['g:availability']).toBe(
        ld!.offers.availability.endsWith('InStock') ? 'in_stock' : 'out_of_stock',
      );
      expect(g['g:brand']).toBe('Shropshire Cookie Co.');
      expect(g['g:condition']).toBe('new');
      expect(g['g:shipping'].length).toBeGreaterThan(0);
      for (const s of g['g:shipping']) {
        expect(s['g:country']).toBe('GB');
        expect(s['g:price']).toMatch(/^\d+\.\d{2} GBP$/);
      }

      const m = meta.get(p.id)!;
      expect(m).toMatchObject({
        title: ld!.name,
        description: ld!.description,
        link: ld!.url,
        image_link: ld!.image[0],
        price: `${ld!.offers.price} GBP`,
        availability: g['g:availability'] === 'in_stock' ? 'in stock' : 'out of stock',
        condition: 'new',
      });
    }
    const lemon = all.find((p) => p.name.startsWith('Lemon'))!;
    expect(google.get(lemon.id)!['g:title']).toBe('Lemon & "Poppy" <Seed>');
    expect(google.get(lemon.id)!['g:description']).toBe(
      'Lemon & "Poppy" <Seed>, handmade in Shropshire and baked fresh to order.',
    );
  });

  it('a product marked sold out is out of stock in all three at once, and a removed one leaves them', async () => {
    const p = await createProduct(t.services, { name: 'Soon Gone Shortbread', pricePennies: 300 });
    expect((await googleItems()).get(p.id)!['g:availability']).toBe('in_stock');
    await t.services.db.update(products).set({ soldOut: true }).where(eq(products.id, p.id));
    await sharedDataChanged(t.services);
    const [ld] = jsonLdOf((await text(`/product/${p.id}`)).body);
    expect(ld!.offers.availability).toBe('https://schema.org/OutOfStock');
    expect((await googleItems()).get(p.id)!['g:availability']).toBe('out_of_stock');
    expect((await metaRows()).get(p.id)!.availability).toBe('out of stock');

    await t.services.db.update(products).set({ isActive: false }).where(eq(products.id, p.id));
    await sharedDataChanged(t.services);
    expect((await googleItems()).has(p.id)).toBe(false);
    expect((await metaRows()).has(p.id)).toBe(false);
    expect((await text('/sitemap.xml')).body).not.toContain(p.id);
  });

  it('a product with approved reviews says its average and count, in the markup as on the page', async () => {
    const cookie = await createProduct(t.services, { name: 'Reviewed Rocky Road', pricePennies: 425 });
    const noStars = jsonLdOf((await text(`/product/${cookie.id}`)).body)[0]!;
    expect(noStars.aggregateRating).toBeUndefined();
    for (const [rating, status] of [
      [5, 'approve'],
      [4, 'approve'],
      [1, 'hide'],
    ] as const) {
      const profile = await createCustomer(t.services);
      const order = await createOrder(t.services, {
        profile,
        status: 'shipped',
        items: [{ productId: cookie.id, productName: cookie.name }],
      });
      await t.services.orders.setStatus(order.id, 'completed', SYSTEM);
      const [line] = (await t.services.reviews.forOrder(profile.id, order.id)).lines;
      const id = await t.services.reviews.write(profile.id, order.id, line!.itemId, {
        rating,
        comment: `Rated ${rating}`,
      });
      await t.services.reviews.moderate(
        id,
        status === 'hide' ? { action: 'hide', reason: 'Test' } : { action: 'approve' },
      );
    }
    const html = (await text(`/product/${cookie.id}`)).body;
    const ld = jsonLdOf(html)[0]!;
    // The hidden 1-star review counts in neither: the page and the markup show the same two.
    expect(ld.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: '4.5',
      reviewCount: 2,
      bestRating: 5,
      worstRating: 1,
    });
    expect(html).toContain('4.5 out of 5 stars from 2 reviews');
    expect(html).toContain('Rated 5');
    expect(html).not.toContain('Rated 1');
  });

  it('the home page names the bakery, its hours and how to reach it', async () => {
    const { body } = await text('/');
    const bakery = jsonLdOf(body).find((ld) => ld['@type'] === 'Bakery')!;
    expect(bakery).toMatchObject({ name: 'Shropshire Cookie Co.', url: 'http://shop.test/' });
    expect(bakery.openingHoursSpecification).toContainEqual({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
      opens: '09:00',
      closes: '17:00',
    });
    // Sunday is "Closed": no opening hours for it.
    expect(JSON.stringify(bakery.openingHoursSpecification)).not.toContain('Sunday');
  });
});

describe('/sitemap.xml and /robots.txt', () => {
  it('the sitemap lists the public pages and every product; robots keeps the private ones out', async () => {
    const all = await t.services.catalog.listActive();
    const sitemap = await text('/sitemap.xml');
    expect(sitemap.status).toBe(200);
    const locs: string[] = [new XMLParser().parse(sitemap.body).urlset.url]
      .flat()
      .map((u: { loc: string }) => u.loc);
    expect(locs).toContain('http://shop.test/shop');
    for (const p of all) expect(locs).toContain(`http://shop.test/product/${p.id}`);
    expect(locs.some((l) => /admin|account|checkout|cart/.test(l))).toBe(false);

    const robots = await text('/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.type).toContain('text/plain');
    for (const path of ['/admin', '/account', '/checkout', '/cart'])
      expect(robots.body).toContain(`Disallow: ${path}\n`);
    expect(robots.body).toContain('Sitemap: http://shop.test/sitemap.xml');
  });
});
