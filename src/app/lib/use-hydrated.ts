import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False in the server's HTML and until React has taken over the page, then true. Controls that
 * only work with JavaScript stay disabled until then, so an early tap is visibly not yet possible
 * instead of silently lost (storefront pages load their JavaScript after the page has painted).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
