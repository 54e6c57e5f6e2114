import { FEED_CACHE, siteOf } from '~/app/seo/shop-listings';
import { escapeXml } from '~/app/seo/shopping-feeds';
import type { Route } from './+types/sitemap';

/** The public pages worth a search result; the back office, account, checkout and basket are not. */
export const STATIC_PAGES = [
  '/',
  '/shop',
  '/club',
  '/gift-cards',
  '/made-to-order',
  '/our-story',
  '/contact',
  '/privacy',
];

/** /sitemap.xml: the static pages and every product in the shop. */
export async function loader({ context }: Route.LoaderArgs) {
  const { services } = context;
  const { publicUrl } = siteOf(services);
  const products = await services.catalog.listActive();
  const urls = [...STATIC_PAGES, ...products.map((p) => `/product/${p.id}`)];
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls.map((path) => `  <url><loc>${escapeXml(`${publicUrl}${path}`)}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n');
  return new Response(body, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': FEED_CACHE },
  });
}
