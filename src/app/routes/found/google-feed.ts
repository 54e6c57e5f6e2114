import { FEED_CACHE, feedShipping, shopListings, siteOf } from '~/app/seo/shop-listings';
import { googleFeedXml } from '~/app/seo/shopping-feeds';
import type { Route } from './+types/google-feed';

/** /feeds/google.xml: the Google Merchant Center feed (RSS 2.0 with g: fields). */
export async function loader({ context }: Route.LoaderArgs) {
  const { services } = context;
  const site = siteOf(services);
  const [listings, shipping] = await Promise.all([shopListings(services, site), feedShipping(services)]);
  return new Response(googleFeedXml(site, listings, shipping), {
    headers: { 'Content-Type': 'application/rss+xml; charset=utf-8', 'Cache-Control': FEED_CACHE },
  });
}
