import type { MiddlewareHandler } from 'hono';

/**
 * The Content-Security-Policy of a page. Scripts come only from our own origin, and the inline
 * ones React Router and our starter write (hydration data, route modules, scroll restoration) only
 * by their hashes: hashes describe the page itself, so a cached page replayed to many visitors
 * stays valid, where a per-request nonce would not. Anything else inline (an injected
 * `<script>`, an `onclick`) does not run.
 *
 * Styles allow inline `style` attributes (React writes them, and toasts insert their stylesheet);
 * pictures are our own photos (AVIF/WebP) and data: URLs from the stylesheet. Payment leaves for
 * Stripe's hosted page by a link or a script navigation, which CSP does not restrict; form-action
 * lists Stripe as well so a form whose answer redirects there keeps working.
 */
export function pagePolicy(scriptHashes: readonly string[]): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes.map((hash) => `'${hash}'`)].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "form-action 'self' https://checkout.stripe.com",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "object-src 'none'",
  ].join('; ');
}

/** Answers that are not pages (JSON, files, pictures) load and run nothing, and are never framed. */
export const NON_PAGE_POLICY =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * Gives every answer a policy: pages bring their own (the renderer lists their inline scripts'
 * hashes), everything else gets the closed one. A page that arrived without its policy gets the
 * closed one too, so a rendering path that forgets it fails visibly rather than open.
 */
export const contentSecurityPolicy: MiddlewareHandler = async (c, next) => {
  await next();
  if (!c.res.headers.has('content-security-policy')) {
    c.res.headers.set('content-security-policy', NON_PAGE_POLICY);
  }
};
