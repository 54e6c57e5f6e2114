import { Clock, Package, PoundSterling, ShoppingBag, Store } from 'lucide-react';
import { Link } from 'react-router';
import { BackupStatusLine } from '~/app/components/admin/backup-status';
import { BestSellers } from '~/app/components/admin/dashboard/best-sellers';
import { SalesChart } from '~/app/components/admin/dashboard/sales-chart';
import { LoadError } from '~/app/components/admin/load-error';
import { ZoneSelect } from '~/app/components/admin/zone-select';
import { OrderStatusBadge } from '~/app/components/orders/status-badge';
import { Button } from '~/app/components/ui/button';
import { Card } from '~/app/components/ui/card';
import { pageMeta } from '~/app/seo/meta';
import { requireAdminPage } from '~/app/server/guards.server';
import { loadOrNull } from '~/app/server/page-action.server';
import { missingTraderDetails } from '~/shared/legal/trader-details';
import { formatPence } from '~/shared/money/money';
import { DashboardQuerySchema } from '~/shared/orders/schemas';
import { formatBakeDay, formatLongDate, londonDate } from '~/shared/time/london-time';
import type { Route } from './+types/dashboard';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'Dashboard', description: 'The shop at a glance.', noIndex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  // A zone the address bar got wrong (an old link, a typo) shows every zone and says why.
  const asked = DashboardQuerySchema.safeParse({ zone: new URL(request.url).searchParams.get('zone') });
  return {
    zoneError: asked.success ? null : (asked.error.issues[0]?.message ?? null),
    dashboard: await loadOrNull(context, 'the dashboard', () =>
      context.services.admin.dashboard.get({ zone: asked.success ? asked.data.zone : undefined }),
    ),
    backup: await loadOrNull(context, 'the backup status', () => context.services.backups.status()),
    missingLegal: missingTraderDetails(await context.services.trader.get()),
    // This London month so far, retail and trade apart (decision 087: the books' own count).
    salesApart: await loadOrNull(context, 'the retail and trade sales', () => {
      const today = londonDate(new Date());
      return context.services.books.salesApart({ from: `${today.slice(0, 7)}-01`, to: today });
    }),
  };
}

/** "24 Nov": a chart's first and last day. */
const shortDay = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-GB', {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'short',
  });

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { dashboard, backup, zoneError, missingLegal, salesApart } = loaderData;
  return (
    <main className="mx-auto w-full max-w-5xl px-4 py-8">
      <h1 className="text-3xl font-bold">Dashboard</h1>
      <div className="mt-2 mb-6 text-sm">
        <BackupStatusLine status={backup} />
      </div>
      {missingLegal.length > 0 && (
        <section
          aria-labelledby="legal-missing"
          className="mb-6 rounded-md border border-amber-700/40 bg-amber-50 p-4 text-amber-950"
        >
          <h2 id="legal-missing" className="font-semibold">
            Before you open the shop to the public
          </h2>
          <p className="mt-1">
            The law asks you to tell customers who they buy from. Missing: {missingLegal.join(', ')}.{' '}
            <Link to="/admin/settings" className="font-medium underline underline-offset-4">
              Add them in Settings
            </Link>
            .
          </p>
        </section>
      )}
      {dashboard && (
        // A plain GET form: the figures of one zone are a link the owner can keep.
        <form method="get" className="mb-6 flex flex-wrap items-end gap-3">
          <div>
            <ZoneSelect
              id="dashboard-zone"
              zones={dashboard.zones}
              value={dashboard.zone ?? ''}
              className="h-11 w-56"
            />
          </div>
          <Button type="submit" variant="outline" className="h-11">
            Show
          </Button>
        </form>
      )}
      {dashboard && zoneError && (
        <p role="alert" className="mb-6 rounded-md border border-red-700/40 bg-red-50 p-4 text-red-800">
          {zoneError}. Showing every zone.
        </p>
      )}
      {!dashboard ? (
        // docs/rules/shop-pages.md: dashboard load errors are only logged (no toast).
        <LoadError message="The dashboard could not be loaded." toastOnShow={false} />
      ) : (
        <>
          <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
            <Stat
              label="Total Revenue"
              value={formatPence(dashboard.total_revenue_pennies)}
              detail="money taken, less refunds"
              icon={PoundSterling}
            />
            <Stat
              label="Total Orders"
              value={dashboard.total_orders.toLocaleString('en-GB')}
              detail="paid"
              icon={ShoppingBag}
            />
            <Stat
              label="Products"
              value={dashboard.products.in_shop.toLocaleString('en-GB')}
              detail={productsDetail(dashboard.products)}
              icon={Package}
            />
            <Stat
              label="Pending Orders"
              value={dashboard.pending_orders.toLocaleString('en-GB')}
              detail="waiting for payment"
              icon={Clock}
            />
          </ul>
          <p className="mt-2 text-sm text-cocoa-light">
            Revenue counts the money recorded for orders (paid by card or marked as paid), less refunds, VAT
            included. Gift cards sold are not revenue until they are spent: see Gift cards. Total Orders and
            the charts count the same orders: paid ones, not checkouts left unpaid or cancelled.
          </p>
          {salesApart && (
            <section aria-labelledby="sales-apart" className="mt-6">
              <h2 id="sales-apart" className="mb-3 text-lg font-semibold">
                This month: retail and trade
              </h2>
              <ul className="grid grid-cols-2 gap-3 sm:gap-4">
                <Stat
                  label="Retail sales"
                  value={formatPence(salesApart.retail.pennies)}
                  detail={`${salesApart.retail.orders} paid orders, less refunds`}
                  icon={ShoppingBag}
                />
                <Stat
                  label="Trade sales"
                  value={formatPence(salesApart.trade.pennies)}
                  detail={`${salesApart.trade.orders} paid orders, less refunds`}
                  icon={Store}
                />
              </ul>
              <p className="mt-2 text-sm text-cocoa-light">
                Trade: customers with an approved trade account. Gift cards sold are left out.{' '}
                <Link to="/admin/books" className="underline underline-offset-4">
                  Export for Xero
                </Link>
              </p>
            </section>
          )}

          <div className="mt-10 grid gap-6 lg:grid-cols-2">
            <SalesChart
              id="sales-days"
              title="Last 30 days"
              points={dashboard.sales.days}
              unit="Day"
              shortLabel={shortDay}
              longLabel={formatBakeDay}
            />
            <SalesChart
              id="sales-weeks"
              title="Last 12 weeks"
              points={dashboard.sales.weeks}
              unit="Week"
              longLabel={(start) => `Week of ${formatBakeDay(start).replace(/^\S+ /, '')}`}
              shortLabel={(start) => `w/c ${shortDay(start)}`}
            />
          </div>
          <p className="mt-2 text-sm text-cocoa-light">
            Days are London days; weeks start on Monday. Paid orders only, less refunds.
          </p>

          <div className="mt-10">
            <BestSellers items={dashboard.sales.best_sellers} />
          </div>

          <section aria-labelledby="recent-orders" className="mt-10 break-inside-avoid">
            <div className="mb-4 flex items-baseline justify-between gap-4">
              <h2 id="recent-orders" className="text-2xl font-bold">
                Recent Orders
              </h2>
              <Link
                to="/admin/orders"
                className="font-medium text-caramel-dark underline-offset-2 hover:underline print:hidden"
              >
                View all orders
              </Link>
            </div>
            {dashboard.recent_orders.length === 0 ? (
              <Card className="p-8 text-center text-cocoa-light">No orders yet</Card>
            ) : (
              <Card>
                <ul className="divide-y divide-crumb">
                  {dashboard.recent_orders.map((o) => (
                    <li
                      key={o.id}
                      className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 p-4"
                    >
                      <div className="min-w-0">
                        <p className="font-medium break-words">{o.customer.full_name}</p>
                        <p className="text-sm text-cocoa-light">
                          <time dateTime={o.created_at}>{formatLongDate(o.created_at)}</time>
                        </p>
                      </div>
                      <div className="flex items-center gap-3">
                        <span className="font-semibold">{formatPence(o.total_pennies)}</span>
                        <OrderStatusBadge order={o} />
                      </div>
                    </li>
                  ))}
                </ul>
              </Card>
            )}
          </section>
        </>
      )}
    </main>
  );
}

/** "in the shop: 9 cookies, 3 boxes; 1 hidden": what the Products card counts, as the Products page lists them. */
function productsDetail(p: { cookies: number; boxes: number; hidden: number }): string {
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const hidden = p.hidden > 0 ? `; ${p.hidden} hidden` : '';
  return `in the shop: ${count(p.cookies, 'cookie', 'cookies')}, ${count(p.boxes, 'box', 'boxes')}${hidden}`;
}

function Stat({
  label,
  value,
  detail,
  icon: Icon,
}: {
  label: string;
  value: string;
  /** What the figure counts, under it. */
  detail: string;
  icon: typeof Clock;
}) {
  return (
    <li>
      <Card className="flex h-full items-start justify-between gap-2 p-4 sm:p-5">
        <div>
          <p className="text-sm font-medium text-cocoa-light">{label}</p>
          <p className="mt-1 text-xl font-bold break-words sm:text-2xl">{value}</p>
          <p className="mt-0.5 text-xs text-cocoa-light">{detail}</p>
        </div>
        <Icon aria-hidden className="size-6 text-caramel" />
      </Card>
    </li>
  );
}
