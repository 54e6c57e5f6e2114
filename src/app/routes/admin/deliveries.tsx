import { Truck } from 'lucide-react';
import { data } from 'react-router';
import { DeliveryCard } from '~/app/components/admin/delivery-card';
import { EmptyState } from '~/app/components/admin/load-error';
import { PagedList } from '~/app/components/admin/paged-list';
import { pageMeta } from '~/app/seo/meta';
import { requireAdminPage } from '~/app/server/guards.server';
import { field, loadOrNull, runPageAction } from '~/app/server/page-action.server';
import { pageAsked } from '~/shared/schemas/admin';
import type { Route } from './+types/deliveries';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'Deliveries', description: 'Deliveries, newest first.', noIndex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const page = pageAsked(request.url);
  return {
    result: await loadOrNull(context, 'deliveries', () =>
      context.services.orders.deliveries.list({ page: page }),
    ),
  };
}

/** `intent=status` (status) or `intent=details` (tracking_code, driver_notes) for delivery `id`. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdminPage(request, context);
  const form = await request.formData();
  const intent = field(form, 'intent');
  const id = field(form, 'id');
  const deliveries = context.services.orders.deliveries;
  if (intent === 'status') {
    return runPageAction(context, intent, () => deliveries.update(id, { status: field(form, 'status') }));
  }
  if (intent === 'details') {
    return runPageAction(context, intent, () =>
      deliveries.update(id, {
        tracking_code: field(form, 'tracking_code'),
        driver_notes: field(form, 'driver_notes'),
      }),
    );
  }
  return data({ ok: false as const, intent, error: 'Unknown action' }, { status: 400 });
}

export default function Deliveries({ loaderData }: Route.ComponentProps) {
  const { result } = loaderData;
  return (
    <main className="mx-auto w-full max-w-4xl px-4 py-8">
      <div className="mb-6 flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-3xl font-bold">Deliveries</h1>
        {result && result.total > 0 && (
          <p className="text-cocoa-light">
            {result.total.toLocaleString('en-GB')} {result.total === 1 ? 'delivery' : 'deliveries'}
          </p>
        )}
      </div>
      <PagedList
        result={result}
        failed="Failed to load deliveries"
        empty={<EmptyState icon={<Truck aria-hidden />} title="No deliveries yet" />}
        noun="deliveries"
      >
        {(d) => <DeliveryCard delivery={d} />}
      </PagedList>
    </main>
  );
}
