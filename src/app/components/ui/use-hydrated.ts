import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/** Set once the page's first hydration has run its effects: later mounts are client renders. */
let tookOver = false;

/**
 * False in the server's HTML and until React has taken over the page, then true. Controls that
 * only work with JavaScript stay disabled until then, so an early tap is visibly not yet possible
 * instead of silently lost (storefront pages load their JavaScript after the page has painted).
 *
 * The switch to true after hydration is a transition: React renders it in slices that leave the
 * main thread free between them. (A store snapshot differing from the server's, as
 * `useSyncExternalStore(…, () => true, () => false)` alone gives, re-renders the component and
 * its whole subtree at once: on the product page, one ~0.5 s task on a slow phone.)
 * The store still answers "are we hydrating?": false from the server's snapshot while hydrating,
 * true at once for a component mounted after that (e.g. after a client-side navigation).
 */
export function useHydrated(): boolean {
  const mountedAfterHydration = useMountedAfterHydration();
  const [hydrated, setHydrated] = useState(mountedAfterHydration);
  useEffect(() => {
    startTransition(() => setHydrated(true));
    // Once the page is idle: after this commit's effects, where React compares each store's
    // snapshot with the server's, and after the parts of the page React hydrates later
    // (decision 059), which would otherwise re-render at once on finding the snapshot changed.
    const later = typeof requestIdleCallback === 'function' ? requestIdleCallback : setTimeout;
    later(() => {
      tookOver = true;
    });
  }, []);
  return hydrated;
}

/**
 * False while React hydrates the component from the server's HTML, true when it mounts after the
 * page has been taken over (e.g. after a client-side navigation). A `useState` initial value that
 * reads the browser's state must depend on it: parts of a storefront page hydrate after the
 * effects of the parts before them have run (decision 059).
 */
export function useMountedAfterHydration(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => tookOver,
    () => false,
  );
}
