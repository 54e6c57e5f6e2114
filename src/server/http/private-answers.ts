import type { MiddlewareHandler } from 'hono';

/**
 * Everything that differs per person: their account, checkout, payment and sign-in pages, the
 * back office, and the APIs behind them. None of it may be kept by a browser's back/forward
 * cache on a shared computer or by any proxy: `Cache-Control: private, no-store`.
 */
const PER_PERSON = [
  '/account',
  '/auth',
  '/reset-password',
  '/join',
  '/api/staff-invites',
  '/checkout',
  '/pay',
  '/admin',
  '/api/auth',
  '/api/account',
  '/api/admin',
  '/api/checkout',
  '/api/contact/messages',
  '/api/payments/test',
];

/** True for a per-person path, its sub-paths and React Router's `.data` loader answers for it. */
export function isPerPerson(pathname: string): boolean {
  // Single fetch asks for /account.data (and /admin/orders.data ...) to run the page's loaders.
  const path = pathname.endsWith('.data') ? pathname.slice(0, -'.data'.length) : pathname;
  return PER_PERSON.some((p) => path === p || path.startsWith(`${p}/`));
}

export const privateAnswers: MiddlewareHandler = async (c, next) => {
  await next();
  if (!isPerPerson(c.req.path)) return;
  try {
    c.res.headers.set('Cache-Control', 'private, no-store');
  } catch {
    // A response with immutable headers: copy it.
    c.res = new Response(c.res.body, c.res);
    c.res.headers.set('Cache-Control', 'private, no-store');
  }
};
