import type { ServerBuild } from 'react-router';

/** A page path's pattern when no route matches it (the app has a catch-all: its not-found page). */
export const UNMATCHED = '/*';

interface Compiled {
  pattern: string;
  segments: string[];
  splat: boolean;
}

/**
 * Turns a page's path into its React Router pattern (`/product/abc` -> `/product/:id`), so
 * request metrics have one label per page rather than one per URL: bounded however many
 * products, orders or crawlers' made-up paths there are. Built once from the server build's
 * route manifest; each call walks a few dozen short arrays (no regex, no allocation but the split).
 */
export function pagePatterns(routes: ServerBuild['routes'] | undefined): (pathname: string) => string {
  const compiled: Compiled[] = [];
  for (const route of Object.values(routes ?? {})) {
    if (!route || (route.path === undefined && !route.index)) continue;
    const parts: string[] = [];
    for (let r: typeof route | undefined = route; r; r = r.parentId ? routes?.[r.parentId] : undefined) {
      if (r.path) parts.unshift(...r.path.split('/').filter(Boolean));
    }
    const splat = parts.at(-1) === '*';
    const segments = splat ? parts.slice(0, -1) : parts;
    compiled.push({ pattern: `/${parts.join('/')}`, segments, splat });
  }
  // Most specific first: more fixed segments, then longer, then a splat last (as React Router ranks).
  const fixed = (c: Compiled) => c.segments.filter((s) => !s.startsWith(':')).length;
  compiled.sort(
    (a, b) =>
      Number(a.splat) - Number(b.splat) || fixed(b) - fixed(a) || b.segments.length - a.segments.length,
  );
  const unique = compiled.filter((c, i) => compiled.findIndex((d) => d.pattern === c.pattern) === i);

  return (pathname) => {
    // A page's data request (`/shop.data`, `/_root.data` for `/`) is the page's.
    const path = pathname.endsWith('.data') ? pathname.slice(0, -5).replace(/\/_root$/, '/') : pathname;
    const wanted = path.split('/').filter(Boolean);
    for (const c of unique) {
      if (c.splat ? wanted.length < c.segments.length : wanted.length !== c.segments.length) continue;
      if (c.segments.every((s, i) => s.startsWith(':') || s.toLowerCase() === wanted[i]?.toLowerCase())) {
        return c.pattern;
      }
    }
    return UNMATCHED;
  };
}
