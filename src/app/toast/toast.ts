import type { ExternalToast } from 'sonner';

/**
 * The app's toasts, with sonner loaded only after the page is up (decision 055).
 * Evaluating sonner inserts its stylesheet into the page, on every page, in the same task as the
 * rest of the page's modules; no toast is ever needed that early. `<Toasts>` (root layout) loads
 * it when the browser is next idle after hydration, or at once when a toast is asked for first,
 * and a toast asked for meanwhile waits here until sonner's `<Toaster>` listens (sonner's own
 * queue would drop it: a `<Toaster>` only shows toasts sent after it mounted).
 */
type Sonner = typeof import('sonner');
type Message = Parameters<Sonner['toast']['success']>[0];
type Show = (toast: Sonner['toast']) => void;

let loading = false;
let listening: Sonner['toast'] | undefined;
const waiting: Show[] = [];
let resolveLoaded: (sonner: Sonner) => void = () => {};
const loaded = new Promise<Sonner>((resolve) => {
  resolveLoaded = resolve;
});

/** Sonner, once someone has loaded it (`loadSonner` or a toast); starts nothing itself. */
export const whenSonnerLoaded = () => loaded;

/** Starts loading sonner unless it is on its way. */
export function loadSonner() {
  if (loading) return;
  loading = true;
  import('sonner').then(resolveLoaded, () => {
    // A lost connection (or a newer deploy's files): the next toast tries again, and the ones
    // waiting show then.
    loading = false;
  });
}

/** `<Toasts>` calls this after its `<Toaster>` has subscribed: the toasts asked for so far show now. */
export function toasterListening(toast: Sonner['toast']) {
  listening = toast;
  for (const show of waiting.splice(0)) show(toast);
}

function show(fn: Show) {
  if (listening) return fn(listening);
  waiting.push(fn);
  // The visitor is waiting for this one: do not wait for the browser to be idle.
  loadSonner();
}

export const toast = {
  success: (message: Message, options?: ExternalToast) => show((t) => t.success(message, options)),
  error: (message: Message, options?: ExternalToast) => show((t) => t.error(message, options)),
};
