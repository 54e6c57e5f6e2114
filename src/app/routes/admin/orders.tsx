import { Download, ShoppingBag } from 'lucide-react';
import { Link } from 'react-router';
import { markPaidAction } from '~/app/components/admin/admin-action.server';
import { EmptyState } from '~/app/components/admin/load-error';
import { MARK_PAID_TOASTS } from '~/app/components/admin/mark-as-paid';
import { ORDER_CARD_TOASTS, OrderCard } from '~/app/components/admin/order-card';
import { OrderSearchForm } from '~/app/components/admin/order-search-form';
import { PagedList } from '~/app/components/admin/paged-list';
import { Button } from '~/app/components/ui/button';
import { cn } from '~/app/components/ui/cn';
import { pageMeta } from '~/app/seo/meta';
import { requireAdminPage } from '~/app/server/guards.server';
import { field, loadOrNull, runPageAction } from '~/app/server/page-action.server';
import { toastWhenAnswered } from '~/app/toast/use-action-toast';
import { parseOrThrow } from '~/server/errors';
import { adminActor } from '~/shared/orders/actor';
import { OrderFilterSchema, OrderStatusUpdateSchema } from '~/shared/orders/schemas';
import { ORDER_STATUS_LABELS, ORDER_STATUSES, type OrderStatus } from '~/shared/orders/statuses';
import { pageAsked } from '~/shared/schemas/admin';
import type { Route } from './+types/orders';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'Orders', description: 'Every order, newest first.', noIndex: true });

/**
 * `?q=&status=&from=&to=&day=&zone=&page=` from the address bar. An unknown status or page falls back to
 * all / page 1; a search or date the list cannot use is said above the (empty) list.
 */
function listQuery(request: Request) {
  const params = new URL(request.url).searchParams;
  const status = params.get('status');
  const parsed = OrderFilterSchema.safeParse({
    q: params.get('q'),
    status: ORDER_STATUSES.includes(status as OrderStatus) ? status : undefined,
    from: params.get('from'),
    to: params.get('to'),
    day: params.get('day'),
    zone: params.get('zone'),
  });
  return {
    filter: parsed.success ? parsed.data : null,
    error: parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Please check the filters'),
    raw: {
      q: params.get('q') ?? '',
      from: params.get('from') ?? '',
      to: params.get('to') ?? '',
      day: params.get('day') ?? '',
      zone: params.get('zone') ?? '',
    },
    page: pageAsked(request.url),
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { staffRole } = await requireAdminPage(request, context);
  const { filter, error, raw, page } = listQuery(request);
  const [result, zones] = await Promise.all([
    filter
      ? loadOrNull(context, 'orders', () => context.services.orders.listForAdmin({ ...filter, page }))
      : null,
    context.services.admin.zoneChoices(),
  ]);
  return { result, error, raw, zones, filter: filter ?? {}, status: filter?.status ?? null, role: staffRole };
}

/** An order whose new status leaves the filtered list is gone before its card's own effect would toast. */
export const clientAction = toastWhenAnswered({ ...ORDER_CARD_TOASTS, ...MARK_PAID_TOASTS });

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdminPage(request, context);
  const form = await request.formData();
  if (field(form, 'intent') === 'mark-paid') return markPaidAction(context, form, field(form, 'id'), user);
  return runPageAction(context, 'status', () => {
    const status = parseOrThrow(OrderStatusUpdateSchema, { status: field(form, 'status') }).status;
    return context.services.orders.setStatus(field(form, 'id'), status, adminActor(user));
  });
}

const FILTERS = [
  { value: null, label: 'All' },
  ...ORDER_STATUSES.map((s) => ({ value: s, label: ORDER_STATUS_LABELS[s] })),
];

/** The address of the list (or its export) with these filters; empty ones are left out. */
function withFilters(
  base: string,
  filter: Partial<Record<'q' | 'status' | 'from' | 'to' | 'day' | 'zone', string>>,
) {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(filter)) if (v) params.set(k, v);
  const qs = params.toString();
  return qs ? `${base}?${qs}` : base === '' ? '?' : base;
}

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { result, status, error, raw, filter, zones, role } = loaderData;
  const searching = Boolean(filter.q || filter.from || filter.to || filter.day || filter.zone);
  return (
    <main className="mx-auto w-full max-w-4xl px-4 py-8">
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-3xl font-bold">Orders</h1>
        <div className="flex flex-wrap items-center gap-4">
          {result && (
            <p className="text-cocoa-light" aria-live="polite">
              {result.total.toLocaleString('en-GB')} {result.total === 1 ? 'order' : 'orders'}
            </p>
          )}
          {result && result.total > 0 && (
            <Button asChild variant="outline" size="sm">
              {/* A plain download: the server streams the file, so no client-side code is needed. */}
              <a href={withFilters('/api/admin/orders/export.csv', filter)} download>
                <Download aria-hidden className="size-4" />
                Export CSV
              </a>
            </Button>
          )}
        </div>
      </div>
      <nav aria-label="Filter orders by status" className="mb-6">
        <ul className="flex flex-wrap gap-2">
          {FILTERS.map((f) => (
            <li key={f.label}>
              <Link
                to={withFilters('', { ...filter, status: f.value ?? undefined })}
                aria-current={f.value === status ? 'page' : undefined}
                className={cn(
                  'inline-flex h-9 items-center rounded-full border border-cocoa/30 bg-white px-4 text-sm font-medium hover:bg-dough',
                  f.value === status &&
                    'border-caramel-dark bg-caramel-dark text-white hover:bg-caramel-dark',
                )}
              >
                {f.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <OrderSearchForm raw={raw} status={status} searching={searching || Boolean(status)} zones={zones} />
      {error ? (
        <p role="alert" className="rounded-md border border-red-700/40 bg-red-50 p-4 text-red-800">
          {error}
        </p>
      ) : (
        <PagedList
          result={result}
          failed="Failed to load orders"
          empty={
            <EmptyState
              icon={<ShoppingBag aria-hidden />}
              title={
                searching
                  ? 'No orders match this search'
                  : status
                    ? `No ${ORDER_STATUS_LABELS[status].toLowerCase()} orders`
                    : 'No orders yet'
              }
            />
          }
          noun="orders"
        >
          {(order) => <OrderCard order={order} role={role} />}
        </PagedList>
      )}
    </main>
  );
}
