import type { MiddlewareHandler } from 'hono';
import { hasControlCharacters } from '~/shared/schemas/plain-text';
import { badRequest } from '../errors';

const REFUSED = 'The request contains characters that are not allowed.';

/** Decodes a URL part; undefined when its percent-encoding is broken (left for the route to judge). */
function decoded(part: string): string | undefined {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}

/** True when any string inside a parsed JSON value (keys included) holds a control character. */
export function jsonHasControlCharacters(value: unknown, depth = 0): boolean {
  if (depth > 20) return false;
  if (typeof value === 'string') return hasControlCharacters(value);
  if (Array.isArray(value)) return value.some((v) => jsonHasControlCharacters(v, depth + 1));
  if (value && typeof value === 'object')
    return Object.entries(value).some(
      ([k, v]) => hasControlCharacters(k) || jsonHasControlCharacters(v, depth + 1),
    );
  return false;
}

/**
 * No path or query parameter of this shop holds a control character, and PostgreSQL cannot even
 * store NUL: a URL carrying one (`/pay/test/%00`, `?session_id=%00`) is a 400 before any route
 * looks it up, rather than a 500 from the database.
 */
export const refuseControlCharactersInUrl: MiddlewareHandler = async (c, next) => {
  const url = new URL(c.req.url);
  const parts = [url.pathname, url.search].map(decoded);
  if (parts.some((p) => p !== undefined && hasControlCharacters(p))) throw badRequest(REFUSED);
  return next();
};

/**
 * better-auth's JSON bodies (e-mail, password, ...) are one-line values: refuse control
 * characters in them here, as the shared schemas do for the shop's own routes.
 */
export async function refuseControlCharactersInJson(req: Request): Promise<void> {
  if (req.method !== 'POST' || !req.headers.get('content-type')?.includes('json')) return;
  let body: unknown;
  try {
    body = await req.clone().json();
  } catch {
    return; // not JSON after all: better-auth answers that itself
  }
  if (jsonHasControlCharacters(body)) throw badRequest(REFUSED);
}
