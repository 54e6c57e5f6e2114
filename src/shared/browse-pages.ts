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
 * The shop page a URL asks for: a whole number from 1, else (missing or nonsense) the first.
 * The shop clamps it to the last page; the page cache and the page's title key on it.
 */
export function requestedShopPage(searchParams: URLSearchParams): number {
  const asked = Number(searchParams.get('page') ?? 1);
  return Number.isInteger(asked) && asked >= 1 ? asked : 1;
}

/** A page of the shop grid: 12 full rows of 4 (or 16 of 3), and a page a phone can load quickly. */
export const SHOP_PAGE_SIZE = 48;
