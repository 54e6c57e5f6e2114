import { ALLERGEN_KEYS, type AllergenKey, isAllergenKey } from './food-information';

/** How /shop can be sorted; "newest" is the default and is left out of URLs. */
export const SHOP_SORTS = [
  { value: 'newest', label: 'Newest' },
  { value: 'price-asc', label: 'Price: low to high' },
  { value: 'price-desc', label: 'Price: high to low' },
  { value: 'name', label: 'Name' },
] as const;
export type ShopSort = (typeof SHOP_SORTS)[number]['value'];

/** Longer search text is cut: no cookie name needs more, and it keeps cache keys small. */
export const MAX_SEARCH_LENGTH = 60;

/** What a visitor asked /shop for: search text, "free from" allergens, sort and page. */
export interface ShopQuery {
  q: string;
  free: AllergenKey[];
  sort: ShopSort;
  page: number;
}

/**
 * Reads /shop's query parameters leniently: unknown allergens and sorts are ignored, repeats
 * dropped, search text trimmed, and a page that is not a whole number from 1 becomes the first.
 */
export function readShopQuery(params: URLSearchParams): ShopQuery {
  const q = (params.get('q') ?? '').replace(/\s+/g, ' ').trim().slice(0, MAX_SEARCH_LENGTH).trim();
  const asked = new Set(params.getAll('free'));
  const free = ALLERGEN_KEYS.filter((k) => asked.has(k) && isAllergenKey(k));
  const sortParam = params.get('sort');
  const sort = SHOP_SORTS.find((s) => s.value === sortParam)?.value ?? 'newest';
  const pageNumber = Number(params.get('page') ?? 1);
  const page = Number.isInteger(pageNumber) && pageNumber >= 1 ? pageNumber : 1;
  return { q, free, sort, page };
}

/** The one spelling of a query in a URL (defaults left out), for links and the page cache's key. */
export function shopQueryString(query: ShopQuery): string {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  for (const key of query.free) params.append('free', key);
  if (query.sort !== 'newest') params.set('sort', query.sort);
  if (query.page > 1) params.set('page', String(query.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** True when search text or "free from" filters narrow the list. */
export const isFiltered = (query: ShopQuery) => query.q !== '' || query.free.length > 0;
