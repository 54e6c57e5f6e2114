import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadClientBuild } from '~/server/load-build';
import { SHOP_PAGE_SIZE } from '~/shared/browse-pages';
import { assessedAllergens, createProduct } from '~/test/factories';
import { createTestApp, type TestApp } from '~/test/test-app';

// These pages are rendered by the real React Router build (BUILD_DIR, default ./build):
// run `npm run build` first; a missing build fails here with the path it looked for.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ build: await loadClientBuild(process.env.BUILD_DIR) });
});
afterAll(() => t?.close());

const page = async (path: string) => {
  const res = await t.app.request(path);
  return { status: res.status, html: await res.text() };
};

/** The text a person reads, without tags (so "&amp;" etc. are as written in the page). */
const decode = (html: string) => html.replace(/&amp;/g, '&').replace(/&#x27;|&#39;/g, "'");

describe('/shop', () => {
  it('lists the active products in the server-rendered HTML, with links and prices', async () => {
    const ginger = await createProduct(t.services, {
      name: 'Double Ginger Crunch',
      pricePennies: 395,
      description: 'Stem ginger and ground ginger.',
    });
    const hidden = await createProduct(t.services, { name: 'Retired Recipe', isActive: false });

    const { status, html } = await page('/shop');
    expect(status).toBe(200);
    const text = decode(html);
    expect(text).toContain('<h1 class="mb-2 text-4xl font-bold">Our Cookies</h1>');
    expect(text).toContain(`href="/product/${ginger.id}"`);
    expect(text).toContain('Double Ginger Crunch');
    expect(text).toContain('£3.95');
    expect(text).not.toContain(hidden.name);
    expect(text).not.toContain('Loading products...');
    expect(text).toContain('<title>Our Cookies | Shropshire Cookie Co.</title>');
    expect(text).toContain('<meta property="og:image" content="http://shop.test/og-image.jpg"/>');
  });
});

describe('/shop search and filters', () => {
  it('shows only matches in the HTML, keeps the choices in the form, and pages keep the query', async () => {
    const tag = `sf${Date.now().toString(36)}`;
    await createProduct(t.services, {
      name: `Peanut Brittle ${tag}`,
      allergenInfo: assessedAllergens(['Peanuts']),
    });
    await createProduct(t.services, { name: `Vegan Oat ${tag}`, allergenInfo: assessedAllergens([]) });

    const { status, html } = await page(`/shop?q=${tag}&free=peanuts&free=milk&sort=name&utm_source=mail`);
    expect(status).toBe(200);
    expect(html).toContain(`Vegan Oat ${tag}`);
    expect(html).not.toContain(`Peanut Brittle ${tag}`);
    expect(html).toMatch(new RegExp(`<input[^>]*name="q"[^>]*value="${tag}"`));
    expect(html).toMatch(/<input[^>]*name="free" checked="" value="peanuts"/);
    expect(html).toMatch(/<option value="name" selected="">Name<\/option>/);
    expect(html).toContain(`<title>Cookies matching &quot;${tag}&quot; | Shropshire Cookie Co.</title>`);
    expect(html).not.toContain('utm_source');
  });

  it('says "No cookies match" with a "Clear filters" link when nothing is left', async () => {
    const { status, html } = await page('/shop?q=no-such-cookie-anywhere');
    expect(status).toBe(200);
    expect(html).toContain('No cookies match');
    expect(html).toMatch(/<a[^>]*href="\/shop"[^>]*>Clear filters<\/a>/);
    expect(html).not.toContain('No products available at the moment.');
  });

  it('marks a sold-out cookie on its card', async () => {
    const p = await createProduct(t.services, { name: `Sold Out Card ${Date.now()}`, soldOut: true });
    const { html } = await page(`/shop?q=${encodeURIComponent(p.name)}`);
    expect(html).toContain(p.name);
    expect(html).toContain('>Sold out</span>');
  });
});

describe('/shop with a long catalogue', () => {
  const cards = (html: string) => html.match(/<a[^>]*href="\/product\/[^"]+"/g)?.length ?? 0;

  it('shows 48 cookies a page, with links between the pages', async () => {
    while ((await t.services.catalog.listActive()).length <= SHOP_PAGE_SIZE) await createProduct(t.services);
    const total = (await t.services.catalog.listActive()).length;
    const pages = Math.ceil(total / SHOP_PAGE_SIZE);

    const first = await page('/shop');
    expect(cards(first.html)).toBe(SHOP_PAGE_SIZE);
    expect(first.html).toContain(`Page <!-- -->1<!-- --> of <!-- -->${pages}`);
    expect(first.html).toMatch(/<a[^>]*href="\/shop\?page=2"[^>]*>Next<\/a>/);
    expect(first.html).not.toContain('>Previous</a>');

    const last = await page(`/shop?page=${pages}`);
    expect(last.status).toBe(200);
    expect(cards(last.html)).toBe(total - (pages - 1) * SHOP_PAGE_SIZE);
    expect(last.html).toMatch(/>Previous<\/a>/);
    expect(last.html).not.toContain('>Next</a>');
    expect(last.html).toContain(`<title>Our Cookies, page ${pages} | Shropshire Cookie Co.</title>`);
    expect(last.html).toContain(`<link rel="canonical" href="http://shop.test/shop?page=${pages}"/>`);
  });

  it('shows the last page for a number past the end, and the first for nonsense', async () => {
    const pages = Math.ceil((await t.services.catalog.listActive()).length / SHOP_PAGE_SIZE);
    expect((await page('/shop?page=999')).html).toContain(`Page <!-- -->${pages}<!-- --> of`);
    expect((await page('/shop?page=abc')).html).toContain('Page <!-- -->1<!-- --> of');
    expect((await page('/shop?page=-3')).html).toContain('Page <!-- -->1<!-- --> of');
  });
});

describe('/product/:id', () => {
  it('shows the name, price, allergens and nutrition of an active product', async () => {
    const p = await createProduct(t.services, {
      name: 'Dark Chocolate & Sea Salt',
      pricePennies: 450,
      description: 'Chunks of 70% dark chocolate.',
      allergens: ['Milk', 'Soya'],
      nutrition: { Energy: '228 kcal', Salt: '0.41 g' },
    });
    const { status, html } = await page(`/product/${p.id}`);
    expect(status).toBe(200);
    const text = decode(html);
    expect(text).toMatch(/<h1[^>]*>Dark Chocolate & Sea Salt<\/h1>/);
    expect(text).toContain('£4.50');
    expect(text).toMatch(/>Milk</);
    expect(text).toMatch(/>Soya</);
    expect(text).toContain('Add to Cart');
    expect(text).toMatch(/<dt[^>]*>Energy<\/dt><dd[^>]*>228 kcal<\/dd>/);
    expect(text).toContain('<title>Dark Chocolate & Sea Salt | Shropshire Cookie Co.</title>');
    expect(text).toContain('<meta property="og:type" content="product"/>');
    expect(text).toMatch(/<meta property="og:image" content="http:\/\/shop\.test\/assets\/[^"]+"\/>/);
  });

  it('shows the food information: ingredients with allergens in bold, may contain, weight and keeping', async () => {
    const p = await createProduct(t.services, {
      name: 'Food Info Cookie',
      ingredients: '*Wheat* flour, *butter* (*milk*), sugar.',
      allergenInfo: assessedAllergens(['Cereals containing gluten', 'Milk'], ['Nuts']),
      netWeightGrams: 85,
      shelfLifeDays: 10,
      storageAdvice: 'Keep in a tin.',
      nutrition: { Energy: '200 kcal' },
    });
    const text = decode((await page(`/product/${p.id}`)).html);
    expect(text).toContain('<strong>Wheat</strong><span> flour, </span><strong>butter</strong>');
    expect(text).toMatch(/Contains:.*>Cereals containing gluten<.*>Milk</s);
    expect(text).toMatch(/May contain:<\/span> <!-- -->Nuts<!-- -->\./);
    expect(text).toContain('85 g');
    expect(text).toContain('Best enjoyed within 10 days of baking.');
    expect(text).toContain('Keep in a tin.');
    expect(text).toMatch(/<dt[^>]*>Energy<\/dt><dd[^>]*>200 kcal<\/dd>/);
    // On a phone, Add to Cart comes before the food information.
    expect(text.indexOf('Add to Cart')).toBeLessThan(text.indexOf('Ingredients'));
  });

  it('shows a sold-out cookie with a disabled "Sold out" button instead of Add to Cart', async () => {
    const p = await createProduct(t.services, { name: 'Sold Out Ginger', soldOut: true });
    const { status, html } = await page(`/product/${p.id}`);
    expect(status).toBe(200);
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Sold out<\/button>/);
    expect(html).not.toContain('Add to Cart');
  });

  it('uses an uploaded photo with AVIF and WebP srcsets', async () => {
    const p = await createProduct(t.services, { name: 'Photographed', photoHash: 'a'.repeat(24) });
    const { html } = await page(`/product/${p.id}`);
    expect(html).toContain(
      `srcSet="/api/photos/${'a'.repeat(24)}-400.avif 400w, /api/photos/${'a'.repeat(24)}-800.avif 800w"`,
    );
    expect(html).toContain(`src="/api/photos/${'a'.repeat(24)}-800.webp"`);
  });

  it.each([
    ['an unknown id', '00000000-0000-4000-8000-000000000000'],
    ['a malformed id', 'not-a-uuid'],
  ])('answers 404 with "Product not found" for %s', async (_, id) => {
    const { status, html } = await page(`/product/${id}`);
    expect(status).toBe(404);
    expect(html).toContain('Product not found');
    expect(html).toMatch(/<a[^>]*href="\/shop"[^>]*>Back to Shop<\/a>/);
  });

  it('answers 404 for a product that is no longer on sale', async () => {
    const p = await createProduct(t.services, { name: 'Christmas Spiced Fruit', isActive: false });
    const { status, html } = await page(`/product/${p.id}`);
    expect(status).toBe(404);
    expect(html).not.toContain('Christmas Spiced Fruit');
  });
});

describe('pages without data', () => {
  it('answers an unknown path with a 404 page inside the shop chrome', async () => {
    const { status, html } = await page('/no-such-page');
    expect(status).toBe(404);
    expect(html).toContain('Oops! Page not found');
    expect(html).toMatch(/<a[^>]*href="\/"[^>]*>Return to Home<\/a>/);
    expect(html).toContain('href="/our-story"');
  });

  it('renders the home page with its hero and the footer details from config', async () => {
    const { status, html } = await page('/');
    expect(status).toBe(200);
    expect(html).toContain('Handmade Cookies from the Heart of Shropshire');
    expect(html).toContain('href="mailto:hello@shropshirecookies.example"');
    expect(html).toContain('Mon-Fri 9am-5pm');
    expect(html).toContain(`${new Date().getFullYear()}`);
  });

  it('illustrates Our Story with three pictures that load lazily, in AVIF and WebP at the width needed', async () => {
    const { status, html } = await page('/our-story');
    expect(status).toBe(200);
    const figures = html.match(/<figure[\s\S]*?<\/figure>/g) ?? [];
    expect(figures).toHaveLength(3);
    for (const figure of figures) {
      expect(figure).toMatch(
        /<source type="image\/avif" srcSet="[^"]*-480-[\w-]+\.avif 480w, [^"]*800w, [^"]*1200w"/,
      );
      expect(figure).toMatch(
        /<img[^>]*sizes="\(min-width: 800px\) 736px, calc\(100vw - 2rem\)"[^>]*loading="lazy"/,
      );
      expect(figure).toMatch(/alt="[^"]{20,}"/);
      expect(figure).toContain('<figcaption');
    }
    // The first picture comes after the words, so a phone paints text first.
    expect(html.indexOf('<figure')).toBeGreaterThan(html.indexOf('Grandma Margaret'));
  });
});

describe('script loading', () => {
  it('holds back the JavaScript of browsing pages until they have painted', async () => {
    const p = await createProduct(t.services, { name: 'Oat & Raisin' });
    for (const path of ['/', '/shop', `/product/${p.id}`]) {
      const { html } = await page(path);
      expect(html, path).not.toContain('<link rel="modulepreload"');
      expect(html, path).not.toContain('<script type="module"');
      expect(html, path).toContain('<script type="text/x-deferred-module" id="deferred-route-modules">');
      // The starter knows every module to preload, the app's entry among them.
      expect(html, path).toMatch(/\["\/assets\/entry\.client-[^"]+\.js"/);
    }
  });

  it('keeps buttons that need JavaScript disabled in the HTML sent before it loads', async () => {
    const p = await createProduct(t.services, { name: 'Lemon Drizzle' });
    const { html } = await page(`/product/${p.id}`);
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>(<svg[^>]*>.*?<\/svg>)?Add to Cart<\/button>/);
    expect(html).toMatch(/<button[^>]*aria-label="Open menu"[^>]*disabled=""/);
  });

  it('preloads the JavaScript at once on pages that are mostly forms', async () => {
    const { html } = await page('/cart');
    expect(html).toContain('<link rel="modulepreload"');
    expect(html).toContain('<script type="module" async="">');
  });
});
