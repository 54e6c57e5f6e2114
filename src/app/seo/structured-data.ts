import type { RatingSummary } from '~/shared/reviews/reviews';
import type { ProductListing } from './product-listing';

/**
 * schema.org JSON-LD for the storefront (docs/rules/found.md): a product page's Product
 * with its Offer and breadcrumbs, and the home page's Bakery (a LocalBusiness). React Router's
 * meta renders `{ 'script:ld+json': value }` as a <script type="application/ld+json">.
 */

const SCHEMA = 'https://schema.org';

/** A product's Product and Offer, with its shown reviews' AggregateRating once it has some. */
export function productJsonLd(listing: ProductListing, rating: RatingSummary | null = null) {
  return {
    '@context': SCHEMA,
    '@type': 'Product',
    '@id': `${listing.url}#product`,
    sku: listing.id,
    name: listing.title,
    description: listing.description,
    image: [listing.image],
    url: listing.url,
    brand: { '@type': 'Brand', name: listing.brand },
    offers: {
      '@type': 'Offer',
      url: listing.url,
      priceCurrency: listing.currency,
      price: listing.price,
      availability: `${SCHEMA}/${listing.inStock ? 'InStock' : 'OutOfStock'}`,
      itemCondition: `${SCHEMA}/NewCondition`,
      seller: { '@type': 'Organization', name: listing.brand },
    },
    ...(rating
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: rating.average.toFixed(1),
            reviewCount: rating.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

/** Home > Shop > the product: the trail search results show under the page's title. */
export function breadcrumbsJsonLd(publicUrl: string, trail: readonly { name: string; path: string }[]) {
  return {
    '@context': SCHEMA,
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((step, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: step.name,
      item: `${publicUrl}${step.path}`,
    })),
  };
}

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** "Monday - Friday" or "Saturday": the days of a line of the shop's hours. */
function daysOf(text: string): string[] {
  const ends = text.split(/\s*[-–]\s*/).map((d) => WEEKDAYS.indexOf(d.trim()));
  const from = ends[0] ?? -1;
  const to = ends[1] ?? from;
  if (from < 0 || to < from) return [];
  return WEEKDAYS.slice(from, to + 1);
}

/** "9:00 AM" as "09:00"; null when it is not a time. */
function time24(text: string): string | null {
  const m = /^(\d{1,2}):(\d{2})\s*(AM|PM)$/i.exec(text.trim());
  if (!m) return null;
  const hour = (Number(m[1]) % 12) + (m[3]!.toUpperCase() === 'PM' ? 12 : 0);
  return `${String(hour).padStart(2, '0')}:${m[2]}`;
}

/** The shop's hours lines ("Monday - Friday", "9:00 AM - 5:00 PM"; "Closed") as schema.org's. */
export function openingHours(hours: readonly { days: string; hours: string }[]) {
  return hours.flatMap(({ days, hours: span }) => {
    const [opens, closes] = span.split(/\s*[-–]\s*/).map(time24);
    const dayOfWeek = daysOf(days);
    if (!opens || !closes || dayOfWeek.length === 0) return [];
    return [{ '@type': 'OpeningHoursSpecification', dayOfWeek, opens, closes }];
  });
}

export interface ShopDetails {
  name: string;
  email: string;
  phone: string | null;
  address: string | null;
  hours: readonly { days: string; hours: string }[];
  social: { instagram: string | null; facebook: string | null };
}

/** The home page's business: who the shop is, where, when it is open and how to reach it. */
export function bakeryJsonLd(shop: ShopDetails, publicUrl: string) {
  const sameAs = [shop.social.instagram, shop.social.facebook].filter((u): u is string => !!u);
  return {
    '@context': SCHEMA,
    '@type': 'Bakery',
    '@id': `${publicUrl}/#business`,
    name: shop.name,
    url: `${publicUrl}/`,
    image: `${publicUrl}/og-image.jpg`,
    email: shop.email,
    ...(shop.phone ? { telephone: shop.phone } : {}),
    ...(shop.address
      ? { address: { '@type': 'PostalAddress', streetAddress: shop.address, addressCountry: 'GB' } }
      : {}),
    openingHoursSpecification: openingHours(shop.hours),
    currenciesAccepted: 'GBP',
    ...(sameAs.length ? { sameAs } : {}),
  };
}
