import { createMiddleware } from 'hono/factory';
import { mayUseApi } from '~/shared/staff/back-office-access';
import { actingAs } from '../activity/activity-log';
import { forbidden } from '../errors';
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

/**
 * API guard for the back office: 401 without a session, 403 for a customer, and 403 for staff whose
 * role the route table (src/shared/staff/back-office-access.ts) does not name for this route.
 */
export const adminOnly = (session: SessionService) =>
  createMiddleware<AuthEnv>(async (c, next) => {
    const user = await session.requireAdmin(c.req.raw.headers);
    if (!user.staffRole || !mayUseApi(user.staffRole, c.req.method, c.req.path)) {
      throw forbidden('Your role in the back office does not allow this.');
    }
    actingAs(user);
    c.set('user', user);
    await next();
  });
