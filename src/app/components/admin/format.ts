/**
 * Admin dates in en-GB, always in the shop's time zone, so the server's HTML and the browser's
 * render agree (no hydration mismatch) and the owner sees UK dates wherever the server runs.
 */
const TIME_ZONE = 'Europe/London';

export const formatAdminDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', {
    timeZone: TIME_ZONE,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });

export const formatAdminDateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { timeZone: TIME_ZONE, dateStyle: 'long', timeStyle: 'short' });
