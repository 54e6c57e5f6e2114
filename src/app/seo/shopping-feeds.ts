import { csvRow } from '~/server/csv/csv';
import type { SiteInfo } from './meta';
import type { ProductListing } from './product-listing';
import type { FeedShipping } from './shop-listings';

/** Text for XML: the five characters that would end or confuse an element or attribute. */
export const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

const el = (name: string, value: string) => `<g:${name}>${escapeXml(value)}</g:${name}>`;

/**
 * Google Merchant Center's RSS 2.0 feed. `identifier_exists` is "no": handmade cookies have no
 * GTIN or MPN, and saying so keeps items from being refused for missing identifiers.
 */
export function googleFeedXml(
  site: SiteInfo,
  listings: readonly ProductListing[],
  shipping: readonly FeedShipping[],
) {
  const ship = shipping.map(
    (s) =>
      `<g:shipping>${el('country', 'GB')}${el('service', s.service)}${el('price', `${s.price} GBP`)}</g:shipping>`,
  );
  const items = listings.map((l) =>
    [
      '    <item>',
      el('id', l.id),
      el('title', l.title),
      el('description', l.description),
      el('link', l.url),
      el('image_link', l.image),
      el('price', `${l.price} ${l.currency}`),
      el('availability', l.inStock ? 'in_stock' : 'out_of_stock'),
      el('brand', l.brand),
      el('condition', 'new'),
      el('identifier_exists', 'no'),
      ...ship,
      '</item>',
    ].join(''),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">',
    '  <channel>',
    `    <title>${escapeXml(site.name)}</title>`,
    `    <link>${escapeXml(`${site.publicUrl}/shop`)}</link>`,
    `    <description>${escapeXml(`Handmade cookies from ${site.name}`)}</description>`,
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}

/** Meta's catalogue data feed columns, in its own names and values. */
export const META_COLUMNS = [
  'id',
  'title',
  'description',
  'availability',
  'condition',
  'price',
  'link',
  'image_link',
  'brand',
];

export function metaCatalogueCsv(listings: readonly ProductListing[]) {
  const rows = listings.map((l) =>
    csvRow([
      l.id,
      l.title,
      l.description,
      l.inStock ? 'in stock' : 'out of stock',
      'new',
      `${l.price} ${l.currency}`,
      l.url,
      l.image,
      l.brand,
    ]),
  );
  return csvRow(META_COLUMNS) + rows.join('');
}
