const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The origin a customer's browser is using, when it is one the shop serves: PUBLIC_URL's own, or,
 * while PUBLIC_URL is a loopback address (the demo, a developer's machine), the same scheme and
 * port on another loopback name (localhost, 127.0.0.1, [::1]): a session cookie is kept per host,
 * so a return to the other name lands signed out. Anything else (a foreign origin, a
 * malformed header) answers PUBLIC_URL's origin: never an open redirect.
 */
export function servedOrigin(requested: string | null | undefined, publicUrl: string): string {
  const own = new URL(publicUrl);
  if (!requested) return own.origin;
  let asked: URL;
  try {
    asked = new URL(requested);
  } catch {
    return own.origin;
  }
  if (asked.origin === own.origin) return own.origin;
  const loopbackTwin =
    LOOPBACK.has(own.hostname) &&
    LOOPBACK.has(asked.hostname) &&
    asked.protocol === own.protocol &&
    asked.port === own.port;
  return loopbackTwin ? asked.origin : own.origin;
}

/**
 * `url` moved to `origin` when it is one of the shop's own pages (the test payment page), so a
 * page opened again keeps the customer's origin; a provider's page (Stripe's) is left as it is.
 */
export function onServedOrigin(url: string, origin: string, publicUrl: string): string {
  const parsed = new URL(url);
  if (servedOrigin(parsed.origin, publicUrl) !== parsed.origin) return url;
  return `${origin}${parsed.pathname}${parsed.search}${parsed.hash}`;
}
