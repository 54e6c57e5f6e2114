import { isRouteErrorResponse, Outlet, useRouteLoaderData } from 'react-router';
import { AdminNav } from '~/app/components/admin/admin-nav';
import { ErrorReference } from '~/app/components/error-reference';
import { requireAdminPage } from '~/app/server/guards.server';
import { loadOrNull } from '~/app/server/page-action.server';
import type { Route } from './+types/layout';

/**
 * The back office's frame. This guard is not enough on its own: loaders run in parallel, so
 * every admin page's loader and action checks the role itself too.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { staffRole } = await requireAdminPage(request, context);
  return {
    shopName: context.services.config.shop.name,
    role: staffRole,
    // Revalidated after every admin action, so marking a message read updates the sidebar at once.
    unreadMessages:
      (await loadOrNull(context, 'unread messages', () => context.services.contact.unreadCount())) ?? 0,
  };
}

/**
 * Printing: `data-admin-shell` makes every admin page print without its sidebar, menus,
 * navigation and controls (the rules are at the end of app.css). A page only adds
 * `print:hidden` to other screen-only parts, `data-print` to a control that should stay on
 * paper, and `hidden print:block` to print-only content.
 */
export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div data-admin-shell className="min-h-dvh md:flex">
      <a
        href="#admin-content"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <AdminNav
        shopName={loaderData.shopName}
        unreadMessages={loaderData.unreadMessages}
        role={loaderData.role}
      />
      <div id="admin-content" tabIndex={-1} className="min-w-0 flex-1 outline-none">
        <Outlet />
      </div>
    </div>
  );
}

/** A page that failed badly keeps the sidebar, so the admin can go elsewhere or try again. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRouteLoaderData<typeof loader>('routes/admin/layout');
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (isRouteErrorResponse(error) && error.status === 403) return <NotYourPage />;
  return (
    <div data-admin-shell className="min-h-dvh md:flex">
      {data && <AdminNav shopName={data.shopName} unreadMessages={data.unreadMessages} role={data.role} />}
      <main className="mx-auto w-full max-w-3xl px-4 py-16 text-center">
        <h1 className="mb-3 text-3xl font-bold">
          {notFound ? 'Oops! Page not found' : 'Something went wrong'}
        </h1>
        <p className="mb-6 text-cocoa-light">
          {notFound ? 'This admin page does not exist.' : 'Please reload the page or try again in a moment.'}
        </p>
        {!notFound && <ErrorReference />}
        <a className="font-medium text-caramel-dark underline" href="/admin">
          Back to the dashboard
        </a>
      </main>
    </div>
  );
}

/** A page the person's role does not open (the server said 403). */
function NotYourPage() {
  return (
    <main className="mx-auto w-full max-w-3xl px-4 py-16 text-center">
      <h1 className="mb-3 text-3xl font-bold">Not part of your role</h1>
      <p className="mb-6 text-cocoa-light">Your role in the back office does not open this page.</p>
      <a className="font-medium text-caramel-dark underline" href="/admin">
        Back to your pages
      </a>
    </main>
  );
}
