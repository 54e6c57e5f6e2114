import type { Context } from 'hono';
import { badRequest } from '../errors';

/** A request's JSON object body, or a 400 when it is missing, malformed or not an object. */
export async function jsonBody(c: Context): Promise<Record<string, unknown>> {
  const body = await c.req.json().catch(() => {
    throw badRequest('The request body must be JSON');
  });
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw badRequest('The request body must be a JSON object');
  }
  return body as Record<string, unknown>;
}
