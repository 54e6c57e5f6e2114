import { type AppLoadContext, data, redirect } from 'react-router';
import type { SessionUser } from '~/server/auth/session-service';
import { SECOND_FACTOR_SETUP_PATH } from '~/shared/account/second-factor';
import {
  landingPage,
  mayActOnPage,
  mayOpenPage,
  pageActsByIntent,
  type StaffRole,
} from '~/shared/staff/back-office-access';

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

/**
 * Someone of the back office whose role may open this page (a GET) or post this form (anything
 * else), by the route table (src/shared/staff/back-office-access.ts): no session -> /auth, a
 * customer -> /, a role the page is not for -> 403 (the dashboard: their own first page).
 */
export async function requireAdminPage(
  request: Request,
  context: AppLoadContext,
): Promise<SessionUser & { staffRole: StaffRole }> {
  const user = await getUser(request, context);
  if (!user) throw redirect('/auth');
  const role = user.staffRole;
  if (user.role !== 'admin' || !role) throw redirect('/');
  // No back-office page answers a session no second factor made: set one up, or sign in with it.
  if (!user.secondFactor) throw redirect(SECOND_FACTOR_SETUP_PATH);
  const { pathname } = new URL(request.url);
  const reading = request.method === 'GET' || request.method === 'HEAD';
  if (
    reading ? mayOpenPage(role, pathname) : mayActOnPage(role, pathname, await intentOf(request, pathname))
  ) {
    context.services.activity.actingAs(user); // the activity log's author of this request's changes
    return { ...user, staffRole: role };
  }
  if (reading && pathname.replace(/\/$/, '') === '/admin') throw redirect(landingPage(role));
  throw data('Your role in the back office does not open this page.', { status: 403 });
}

/**
 * The `intent` a page's form posts, read from a copy of the request so the action still reads its
 * body; only for pages whose rule depends on it. A body that is not a form has none.
 */
async function intentOf(request: Request, pathname: string): Promise<string | null> {
  if (!pageActsByIntent(pathname)) return null;
  const form = await request
    .clone()
    .formData()
    .catch(() => null);
  const intent = form?.get('intent');
  return typeof intent === 'string' ? intent : null;
}
