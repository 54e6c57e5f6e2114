/**
 * The storefront's browsing pages: the same for every visitor (the basket lives in the browser),
 * so the server caches them whole, and they paint before their JavaScript loads.
 */
export function isBrowsePage(pathname: string): boolean {
  return (
    pathname === '/' || pathname === '/shop' || pathname === '/our-story' || pathname.startsWith('/product/')
  );
}
