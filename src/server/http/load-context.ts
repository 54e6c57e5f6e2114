import type { Services } from '../services';

// What the server hands every loader and action: the one set of services, and who is asking.
declare module 'react-router' {
  interface AppLoadContext {
    services: Services;
    clientIp: string;
    /** The request's id (X-Request-Id): on its log lines, and on the 500 page as its reference. */
    requestId: string;
    /**
     * What went wrong in loaders and actions while answering (filled by entry.server's
     * handleError), so the server can answer 503 rather than 500 when the database went away.
     */
    errors: unknown[];
  }
}
