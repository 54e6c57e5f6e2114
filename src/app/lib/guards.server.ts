import { type AppLoadContext, redirect } from 'react-router';
import type { SessionUser } from '~/server/auth/session-service';

/**
 * Page guards for loaders and actions (SPEC §6). Pages redirect; the /api routes use the
 * session service's requireUser/requireAdmin, which answer 401/403 instead.
 */
export async function getUser(request: Request, context: AppLoadContext): Promise<SessionUser | null> {
  return context.services.session.getUser(request.headers);
}

/** The signed-in user, or a redirect to /auth (remembering where they were going). */
export async function requireUserPage(request: Request, context: AppLoadContext): Promise<SessionUser> {
  const user = await getUser(request, context);
  if (!user) {
    const url = new URL(request.url);
    throw redirect(`/auth?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return user;
}

/** The signed-in admin; no session -> /auth, signed in but not admin -> /. */
export async function requireAdminPage(request: Request, context: AppLoadContext): Promise<SessionUser> {
  const user = await getUser(request, context);
  if (!user) throw redirect('/auth');
  if (user.role !== 'admin') throw redirect('/');
  return user;
}
