/** Business constants of the spec (SPEC §9) that both the browser and the server use (statuses: orders/statuses.ts). */
export const CART_STORAGE_NAME = 'cart-storage';
export const RECENT_ORDERS_COUNT = 5;
/** The most of one product a single order may hold; beyond it a basket is surely a mistake. */
export const MAX_LINE_QUANTITY = 500;

/** Short ids shown to people: the first 8 characters (SPEC §9). */
export const shortId = (id: string) => id.slice(0, 8);

/**
 * The shop's time zone: dates are shown as the bakery sees them, wherever the server runs, and the
 * server's HTML and the browser's render agree (no hydration mismatch).
 */
export const SHOP_TIME_ZONE = 'Europe/London';

// One formatter each, made once: toLocaleString with options builds a new one on every call,
// which was a tenth of rendering a page with a list of orders.
const longDate = new Intl.DateTimeFormat('en-GB', {
  timeZone: SHOP_TIME_ZONE,
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const dateTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: SHOP_TIME_ZONE,
  dateStyle: 'long',
  timeStyle: 'short',
});

/** Dates in en-GB long format, e.g. "21 November 2026". */
export const formatLongDate = (date: Date | string) => longDate.format(new Date(date));

/** Date and time in en-GB, e.g. "21 November 2026 at 14:05". */
export const formatDateTime = (date: Date | string) => dateTime.format(new Date(date));
