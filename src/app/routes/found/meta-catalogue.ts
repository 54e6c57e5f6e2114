import { FEED_CACHE, shopListings, siteOf } from '~/app/seo/shop-listings';
import { metaCatalogueCsv } from '~/app/seo/shopping-feeds';
import type { Route } from './+types/meta-catalogue';

/** /feeds/meta.csv: the Facebook and Instagram shop's catalogue (Meta's data feed columns). */
export async function loader({ context }: Route.LoaderArgs) {
  const { services } = context;
  const listings = await shopListings(services, siteOf(services));
  return new Response(metaCatalogueCsv(listings), {
    headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Cache-Control': FEED_CACHE },
  });
}
