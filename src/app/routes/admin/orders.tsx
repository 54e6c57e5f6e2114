import { ShoppingBag } from 'lucide-react';
import { Link } from 'react-router';
import { field, loadOrNull, runAdminAction } from '~/app/components/admin/admin-action.server';
import { EmptyState, LoadError } from '~/app/components/admin/load-error';
import { OrderCard } from '~/app/components/admin/order-card';
import { Pagination } from '~/app/components/ui/pagination';
import { cn } from '~/app/lib/cn';
import { requireAdminPage } from '~/app/lib/guards.server';
import { pageMeta } from '~/app/lib/meta';
import { parseOrThrow } from '~/server/errors';
import { adminActor } from '~/shared/orders/actor';
import { ORDER_STATUS_LABELS, ORDER_STATUSES, type OrderStatus } from '~/shared/orders/statuses';
import { OrderStatusUpdateSchema } from '~/shared/schemas/admin';
import type { Route } from './+types/orders';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'Orders', description: 'Every order, newest first.', noIndex: true });

/** `?status=` and `?page=` from the address bar; anything unusable falls back to all / page 1. */
function listQuery(request: Request) {
  const params = new URL(request.url).searchParams;
  const status = params.get('status');
  const page = Number(params.get('page'));
  return {
    status: ORDER_STATUSES.includes(status as OrderStatus) ? (status as OrderStatus) : undefined,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const query = listQuery(request);
  const result = await loadOrNull(context, 'orders', () => context.services.orders.listForAdmin(query));
  return { result, status: query.status ?? null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdminPage(request, context);
  const form = await request.formData();
  return runAdminAction(context, 'status', () => {
    const status = parseOrThrow(OrderStatusUpdateSchema, { status: field(form, 'status') }).status;
    return context.services.orders.setStatus(field(form, 'id'), status, adminActor(user));
  });
}

const FILTERS = [
  { value: null, label: 'All' },
  ...ORDER_STATUSES.map((s) => ({ value: s, label: ORDER_STATUS_LABELS[s] })),
];

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { result, status } = loaderData;
  return (
    <main className="mx-auto w-full max-w-4xl px-4 py-8">
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-3xl font-bold">Orders</h1>
        {result && result.total > 0 && (
          <p className="text-cocoa-light">
            {result.total.toLocaleString('en-GB')} {result.total === 1 ? 'order' : 'orders'}
          </p>
        )}
      </div>
      <nav aria-label="Filter orders by status" className="mb-6">
        <ul className="flex flex-wrap gap-2">
          {FILTERS.map((f) => (
            <li key={f.label}>
              <Link
                to={f.value ? `?status=${f.value}` : '?'}
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
      {!result ? (
        <LoadError message="Failed to load orders" />
      ) : result.total === 0 ? (
        <EmptyState
          icon={<ShoppingBag aria-hidden />}
          title={status ? `No ${ORDER_STATUS_LABELS[status].toLowerCase()} orders` : 'No orders yet'}
        />
      ) : result.items.length === 0 ? (
        <p className="text-cocoa-light">There are no orders on this page.</p>
      ) : (
        <ul className="space-y-4">
          {result.items.map((order) => (
            <li key={order.id}>
              <OrderCard order={order} />
            </li>
          ))}
        </ul>
      )}
      {result && <Pagination page={result.page} pageCount={result.pageCount} />}
    </main>
  );
}
