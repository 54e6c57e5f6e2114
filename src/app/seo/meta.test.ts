import { describe, expect, it } from 'vitest';
import { pageMeta, siteFrom } from './meta';

const storefront = [
  { id: 'root', loaderData: { shop: { name: 'Root Name' } } },
  {
    id: 'routes/storefront/layout',
    loaderData: { site: { name: 'Shropshire Cookie Co.', publicUrl: 'https://cookies.example' } },
  },
  { id: 'routes/storefront/shop', loaderData: { products: [] } },
];

const content = (tags: ReturnType<typeof pageMeta>, key: string) =>
  tags.find((t) => ('property' in t && t.property === key) || ('name' in t && t.name === key)) as
    | { content: string }
    | undefined;

describe('pageMeta', () => {
  it('titles the page "<page> | <shop>" and describes it for search and link previews', () => {
    const tags = pageMeta(storefront, {
      title: 'Our Cookies',
      description: 'Handmade cookies.',
      path: '/shop',
    });
    expect(tags).toContainEqual({ title: 'Our Cookies | Shropshire Cookie Co.' });
    expect(content(tags, 'description')?.content).toBe('Handmade cookies.');
    expect(content(tags, 'og:title')?.content).toBe('Our Cookies | Shropshire Cookie Co.');
    expect(content(tags, 'og:description')?.content).toBe('Handmade cookies.');
    expect(content(tags, 'og:type')?.content).toBe('website');
    expect(content(tags, 'og:url')?.content).toBe('https://cookies.example/shop');
    expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'https://cookies.example/shop' });
  });

  it('makes Open Graph images absolute, defaulting to the site picture', () => {
    expect(content(pageMeta(storefront, { description: 'x' }), 'og:image')?.content).toBe(
      'https://cookies.example/og-image.jpg',
    );
    const product = pageMeta(storefront, { description: 'x', image: '/assets/pecan.webp', type: 'product' });
    expect(content(product, 'og:image')?.content).toBe('https://cookies.example/assets/pecan.webp');
    expect(content(product, 'og:type')?.content).toBe('product');
  });

  it('keeps pages that must not be indexed out of search, without a canonical URL', () => {
    const tags = pageMeta(storefront, { title: 'Page not found', description: 'x', noIndex: true });
    expect(content(tags, 'robots')?.content).toBe('noindex');
    expect(content(tags, 'og:url')).toBeUndefined();
  });
});

describe('siteFrom', () => {
  it('falls back to the root shop name, with relative URLs, outside the storefront', () => {
    expect(siteFrom([{ id: 'root', loaderData: { shop: { name: 'Root Name' } } }])).toEqual({
      name: 'Root Name',
      publicUrl: '',
    });
  });
});
