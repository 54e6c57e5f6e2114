import { reviewsPageOf } from '~/shared/reviews/reviews';
import { isFiltered, readShopQuery, shopQueryString } from '~/shared/shop-query';

/**
 * The storefront's browsing pages: the same for every visitor (the basket lives in the browser),
 * so the server caches them whole, and they paint before their JavaScript loads.
 */
export function isBrowsePage(pathname: string): boolean {
  return (
    pathname === '/' || pathname === '/shop' || pathname === '/our-story' || pathname.startsWith('/product/')
  );
}

/**
 * The page cache's key for a browsing page: the path plus, for /shop, its query in one canonical
 * spelling (other parameters, e.g. `utm_source`, are left out so they share the entry). Searches
 * and filters go to their own bounded pool, so a flood of odd searches cannot push out the pages
 * everyone shares.
 */
export function browsePageKey(pathname: string, searchParams: URLSearchParams) {
  if (REVIEWS_PAGE.test(pathname)) {
    // A product's reviews, one key per page; the pages past the first in the bounded pool.
    const page = reviewsPageOf(searchParams);
    return page === 1
      ? { key: pathname, pool: 'pages' as const }
      : { key: `${pathname}?page=${page}`, pool: 'searches' as const };
  }
  if (pathname !== '/shop') return { key: pathname, pool: 'pages' as const };
  const query = readShopQuery(searchParams);
  const key = `/shop${shopQueryString(query)}`;
  return {
    key,
    pool: isFiltered(query) || query.sort !== 'newest' ? ('searches' as const) : ('pages' as const),
  };
}

/** A product's page of reviews. */
const REVIEWS_PAGE = /^\/product\/[^/]+\/reviews$/;

/** A page of the shop grid: 12 full rows of 4 (or 16 of 3), and a page a phone can load quickly. */
export const SHOP_PAGE_SIZE = 48;
