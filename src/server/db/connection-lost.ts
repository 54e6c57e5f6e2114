/**
 * Errors that mean the database connection went away (restart, failover, a terminated backend,
 * the server not answering), as opposed to a query the database refused. A request that meets one
 * is told to try again shortly (503 + Retry-After); the pool replaces the dead connection.
 */
const LOST_MESSAGES = [
  'Connection terminated',
  'connection error and is not queryable',
  'Client was closed and is not queryable',
  'terminating connection',
  'timeout exceeded when trying to connect',
  'Connection terminated due to connection timeout',
];
const LOST_NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);

/** PostgreSQL SQLSTATEs: class 08 (connection exception), 57P01-57P03 (shutdown), 53300 (too many connections). */
function isLostSqlState(code: string): boolean {
  return code.startsWith('08') || ['57P01', '57P02', '57P03', '53300'].includes(code);
}

/**
 * A FATAL (or PANIC) error ends the session it came on, whatever its SQLSTATE: a new connection
 * the server refuses (55000 "database is not currently accepting connections", 3D000 a database
 * dropped, 28000 a role no longer allowed) is the database being unavailable, not a bad request.
 * (ERROR-level 55000 is a query refused on a live connection: a real bug, still a 500.)
 */
const SESSION_ENDING = new Set(['FATAL', 'PANIC']);

export function isConnectionLost(err: unknown): boolean {
  // Drizzle and better-auth wrap the driver's error: look down the cause chain.
  for (let e = err, depth = 0; e && depth < 6; e = (e as { cause?: unknown }).cause, depth++) {
    if (typeof e !== 'object') return false;
    const { code, message, severity } = e as { code?: unknown; message?: unknown; severity?: unknown };
    if (
      typeof code === 'string' &&
      (LOST_NODE_CODES.has(code) || (code.length === 5 && isLostSqlState(code)))
    )
      return true;
    if (typeof severity === 'string' && SESSION_ENDING.has(severity)) return true;
    if (typeof message === 'string' && LOST_MESSAGES.some((m) => message.includes(m))) return true;
  }
  return false;
}

/** Seconds a client is asked to wait before retrying after a lost connection. */
export const RETRY_AFTER_SECONDS = 2;
