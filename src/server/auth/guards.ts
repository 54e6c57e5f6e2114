import { createMiddleware } from 'hono/factory';
import type { SessionService, SessionUser } from './session-service';

/** What the guards put in the Hono context: `c.get('user')`. */
export interface AuthEnv {
  Variables: { user: SessionUser };
}

/**
 * API guard: 401 without a session; the user is then `c.get('user')`.
 * e.g. `new Hono<AuthEnv>().use(signedIn(services.session)).get('/', (c) => ...)`
 */
export const signedIn = (session: SessionService) =>
  createMiddleware<AuthEnv>(async (c, next) => {
    c.set('user', await session.requireUser(c.req.raw.headers));
    await next();
  });

/** API guard for the back office: 401 without a session, 403 for a customer. */
export const adminOnly = (session: SessionService) =>
  createMiddleware<AuthEnv>(async (c, next) => {
    c.set('user', await session.requireAdmin(c.req.raw.headers));
    await next();
  });
