import type { Services } from '~/server/services';
import type { SiteInfo } from './meta';
import { type ProductListing, productListing } from './product-listing';

/** Every product in the shop as search engines and catalogues are told of it, newest first. */
export async function shopListings(services: Services, site: SiteInfo): Promise<ProductListing[]> {
  const products = await services.catalog.listActive();
  const inStock = await Promise.all(products.map((p) => services.orderable(p)));
  return products.map((p, i) => productListing(p, site, inStock[i]!));
}

/** A delivery a shopping feed offers: where, by what, for how much. */
export interface FeedShipping {
  service: string;
  price: string;
}

/**
 * The deliveries the feeds list: each zone's fee (van or post), or the shop-wide fee where no
 * zones are set. A zone's free-over threshold is not a feed field, so its full fee is listed.
 */
export async function feedShipping(services: Services): Promise<FeedShipping[]> {
  const zones = await services.zones.list();
  if (zones.length > 0) {
    return zones.map((z) => ({ service: z.name, price: (z.feePennies / 100).toFixed(2) }));
  }
  const { deliveryFeePennies } = await services.settings.get();
  return [{ service: 'Delivery', price: (deliveryFeePennies / 100).toFixed(2) }];
}

/** The site's details from config, as the storefront layout gives its pages. */
export const siteOf = (services: Services): SiteInfo => ({
  name: services.config.shop.name,
  publicUrl: services.config.publicUrl,
});

/**
 * Feeds and the sitemap are read by crawlers every few hours: a minute's cache keeps a sold-out
 * or removed product out of them within a minute of the change.
 */
export const FEED_CACHE = 'public, max-age=60';
