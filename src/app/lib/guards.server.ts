import { type AppLoadContext, redirect } from 'react-router';
import type { SessionUser } from '~/server/auth/session-service';

/**
 * Page guards for loaders and actions (docs/rules/accounts.md). Pages redirect; the /api routes use the
 * session service's requireUser/requireAdmin, which answer 401/403 instead.
 */
export async function getUser(request: Request, context: AppLoadContext): Promise<SessionUser | null> {
  // One lookup per request: a page's loaders (the admin layout's and the page's) run in parallel,
  // and each asks. An action and the loaders that revalidate after it are separate requests.
  let user = usersOfRequests.get(context);
  if (!user) {
    user = context.services.session.getUser(request.headers);
    usersOfRequests.set(context, user);
  }
  return user;
}

/** Who is asking, per request: the load context is made afresh for every request. */
const usersOfRequests = new WeakMap<AppLoadContext, Promise<SessionUser | null>>();

/** The signed-in user, or a redirect to /auth (remembering where they were going). */
export async function requireUserPage(request: Request, context: AppLoadContext): Promise<SessionUser> {
  const user = await getUser(request, context);
  if (!user) {
    const url = new URL(request.url);
    throw redirect(`/auth?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return user;
}

/**
 * A customer's page (the account, their orders, their subscriptions): signed out -> /auth,
 * remembering the page (the account itself is where signing in lands anyway); an admin has no
 * customer pages and goes to `adminPage` in the back office, /admin unless said.
 */
export async function requireCustomerPage(
  request: Request,
  context: AppLoadContext,
  adminPage = '/admin',
): Promise<SessionUser> {
  const user = await getUser(request, context);
  if (!user) {
    const { pathname, search } = new URL(request.url);
    const back = pathname + search;
    throw redirect(back === '/account' ? '/auth' : `/auth?redirectTo=${encodeURIComponent(back)}`);
  }
  if (user.role === 'admin') throw redirect(adminPage);
  return user;
}

/** The signed-in admin; no session -> /auth, signed in but not admin -> /. */
export async function requireAdminPage(request: Request, context: AppLoadContext): Promise<SessionUser> {
  const user = await getUser(request, context);
  if (!user) throw redirect('/auth');
  if (user.role !== 'admin') throw redirect('/');
  return user;
}
