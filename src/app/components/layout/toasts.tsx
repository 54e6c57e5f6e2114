import { useEffect, useState } from 'react';
import { loadSonner, toasterListening, whenSonnerLoaded } from '~/app/toast/toast';

type Sonner = Awaited<ReturnType<typeof whenSonnerLoaded>>;

const toastContrast = {
  '--success-text': 'hsl(140, 100%, 20%)',
  '--error-text': 'hsl(360, 100%, 32%)',
  '--info-text': 'hsl(210, 92%, 30%)',
  '--warning-text': 'hsl(31, 92%, 25%)',
} as React.CSSProperties;

/** Without requestIdleCallback (older Safari): soon after hydration, in a task of its own. */
const FALLBACK_DELAY_MS = 200;

/** Runs `fn` when the browser is next idle; returns a cancel. */
function whenIdle(fn: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(fn, { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(fn, FALLBACK_DELAY_MS);
  return () => clearTimeout(id);
}

/**
 * Sonner's `<Toaster>` (its live region, "Notifications alt+T"), loaded after the page is up
 * (app/toast/toast.ts): nothing in the server's HTML, then the region once sonner is in, before the
 * toasts asked for meanwhile are sent to it.
 */
export function Toasts({ belowBanner }: { belowBanner: boolean }) {
  const [sonner, setSonner] = useState<Sonner>();
  useEffect(() => {
    let live = true;
    whenSonnerLoaded().then((loaded) => {
      if (live) setSonner(loaded);
    });
    const cancel = whenIdle(loadSonner);
    return () => {
      live = false;
      cancel();
    };
  }, []);
  // After the commit that mounted the <Toaster>: its own effect (a child's) has subscribed by now.
  useEffect(() => {
    if (sonner) toasterListening(sonner.toast);
  }, [sonner]);
  if (!sonner) return null;
  return (
    <sonner.Toaster
      position="top-center"
      // Below the sticky 64 px header (and the ~36 px test-mode banner above it, when shown), so
      // a toast never covers the cart badge or the navigation.
      offset={{ top: belowBanner ? 112 : 76 }}
      mobileOffset={{ top: belowBanner ? 108 : 72, left: 12, right: 12 }}
      richColors
      closeButton
      // Sonner's rich colours are below WCAG AA contrast for text; darker text keeps the tints.
      style={toastContrast}
    />
  );
}
