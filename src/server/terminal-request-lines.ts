/**
 * How `npm start` at a terminal shows requests: one line each ("GET /shop 200 12.3 ms")
 * instead of pino-pretty's seven, and nothing for the files a page loads (its scripts, styles,
 * fonts, pictures and route manifest: some 40 for a first page) unless one fails or LOG_LEVEL is
 * debug, so the start banner with the demo accounts stays on screen. JSON logs keep every
 * request with all its fields (request-log.ts); only this readable stream is quieter.
 */

/** The message request-log.ts writes for every answered request. */
export const REQUEST_MESSAGE = 'request';

export interface RequestLogFields {
  reqId: string;
  method: string;
  path: string;
  route: string;
  status: number;
  ms: number;
}

/** The routes of the files a page loads (request-log.ts names them so). */
const PAGE_FILE_ROUTES = new Set(['/assets/*', '/:file']);
const ROUTE_MANIFEST = '/__manifest';

function isRequestLog(fields: unknown): fields is RequestLogFields {
  const f = fields as Partial<RequestLogFields> | null;
  return typeof f?.method === 'string' && typeof f.path === 'string' && typeof f.status === 'number';
}

/**
 * The terminal's line for a request log, or null to say nothing; undefined when `args` are not a
 * request log (written as they are).
 */
export function terminalRequestLine(args: unknown[], debug: boolean): string | null | undefined {
  const [fields, message] = args;
  if (message !== REQUEST_MESSAGE || !isRequestLog(fields)) return undefined;
  const pageFile = PAGE_FILE_ROUTES.has(fields.route) || fields.path === ROUTE_MANIFEST;
  if (pageFile && fields.status < 400 && !debug) return null;
  return `${fields.method} ${fields.path} ${fields.status} ${fields.ms} ms`;
}
