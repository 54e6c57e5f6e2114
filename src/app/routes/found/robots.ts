import { siteOf } from '~/app/seo/shop-listings';
import type { Route } from './+types/robots';

/** Pages no search result should lead to: the back office, accounts, the checkout and basket. */
export const NOT_INDEXED = [
  '/admin',
  '/account',
  '/checkout',
  '/cart',
  '/auth',
  '/reset-password',
  '/pay/',
  '/api/',
];

/** /robots.txt: what crawlers may read, and where the sitemap is. */
export async function loader({ context }: Route.LoaderArgs) {
  const { publicUrl } = siteOf(context.services);
  const body = [
    'User-agent: *',
    ...NOT_INDEXED.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ];
  return new Response(body.join('\n'), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
