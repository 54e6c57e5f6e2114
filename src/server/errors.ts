import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import { isConnectionLost, RETRY_AFTER_SECONDS } from './db/connection-lost';
import { requestIdOf } from './http/request-id';
import type { Logger } from './logger';

/** A failure a service means to report to the caller; anything else is a 500. */
export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/**
 * `instanceof AppError` for code that may hold another copy of this module: the page bundle
 * (build/server) bundles its own, so errors thrown by the services fail `instanceof` there.
 */
export function isAppError(err: unknown): err is AppError {
  return (
    err instanceof AppError ||
    (err instanceof Error && err.name === 'AppError' && typeof (err as AppError).status === 'number')
  );
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(400, 'bad_request', message, fields);
export const unauthorized = (message = 'Please sign in to continue') =>
  new AppError(401, 'unauthorized', message);
export const forbidden = (message = 'You do not have permission to do that') =>
  new AppError(403, 'forbidden', message);
export const notFound = (message = 'Not found') => new AppError(404, 'not_found', message);
export const conflict = (message: string) => new AppError(409, 'conflict', message);
export const tooManyRequests = (message = 'Too many requests. Please wait a minute and try again.') =>
  new AppError(429, 'rate_limited', message);

/** Turns a zod failure into a 400 whose message is the first failing rule's message. */
export function fromZodError(error: z.ZodError): AppError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  return badRequest(error.issues[0]?.message ?? 'Invalid input', fields);
}

/** Parses input with a schema or throws the 400 above. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw fromZodError(result.error);
  return result.data;
}

/** The answer when the database connection went away mid-request: the next try gets a new one. */
export const DATABASE_UNAVAILABLE = {
  code: 'unavailable',
  message: 'The shop is briefly unavailable. Please try again in a moment.',
} as const;

export interface ErrorBody {
  error: {
    code: string;
    message: string;
    fields?: Record<string, string>;
    /** On a 500: the request's id, for the customer to quote (it is on the error's log line). */
    reference?: string;
  };
}

/** The one place that shapes error responses: `{ error: { code, message, fields? } }`. */
export function errorResponse(c: Context, err: unknown, log: Logger) {
  if (err instanceof AppError) {
    if (err.status === 503) c.header('Retry-After', String(RETRY_AFTER_SECONDS));
    const body: ErrorBody = { error: { code: err.code, message: err.message, fields: err.fields } };
    return c.json(body, err.status);
  }
  if (err instanceof z.ZodError) return errorResponse(c, fromZodError(err), log);
  // Hono's own middleware (csrf, body limit) throws these: keep their status, in our shape.
  if (err instanceof HTTPException && err.status < 500) {
    const code = err.status === 403 ? 'forbidden' : 'bad_request';
    return c.json<ErrorBody>({ error: { code, message: err.message || 'Request refused' } }, err.status);
  }
  if (isConnectionLost(err)) {
    log.warn({ err: String(err), reqId: requestIdOf(c), path: c.req.path }, 'database unavailable');
    c.header('Retry-After', String(RETRY_AFTER_SECONDS));
    return c.json<ErrorBody>({ error: DATABASE_UNAVAILABLE }, 503);
  }
  const reference = requestIdOf(c);
  log.error({ err, reqId: reference, path: c.req.path }, 'unhandled error');
  return c.json<ErrorBody>(
    {
      error: {
        code: 'internal',
        message: `Something went wrong. Please try again. If it keeps happening, quote this reference: ${reference}`,
        reference,
      },
    },
    500,
  );
}
