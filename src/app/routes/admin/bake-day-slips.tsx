import { data, useRouteLoaderData } from 'react-router';
import { DayHeader } from '~/app/components/admin/bake-days/day-header';
import { PrintButton } from '~/app/components/admin/bake-days/print-button';
import { LoadError } from '~/app/components/admin/load-error';
import { PackingSlip } from '~/app/components/admin/packing-slip';
import type { loader as rootLoader } from '~/app/root';
import { pageMeta } from '~/app/seo/meta';
import { requireAdminPage } from '~/app/server/guards.server';
import { loadOrNull } from '~/app/server/page-action.server';
import { isIsoDate } from '~/shared/time/london-time';
import type { Route } from './+types/bake-day-slips';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Packing slips',
    description: 'Packing slips for a delivery day.',
    noIndex: true,
  });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  if (!isIsoDate(params.date)) throw data('Not found', { status: 404 });
  const day = await loadOrNull(context, 'packing slips', () => context.services.daySheets.get(params.date));
  return { day };
}

/** One printed page per paid (or later) order of the day; unpaid orders get no slip. */
export default function BakeDaySlips({ loaderData, params }: Route.ComponentProps) {
  const { day } = loaderData;
  const { shop } = useRouteLoaderData<typeof rootLoader>('root')!;
  if (!day) {
    return (
      <main className="mx-auto w-full max-w-4xl px-4 py-8">
        <LoadError message="Failed to load packing slips" />
      </main>
    );
  }
  const toPack = day.orders.filter((o) => o.status !== 'pending');
  return (
    <main className="mx-auto w-full max-w-4xl px-4 py-8 print:p-0">
      <div className="print:hidden">
        <DayHeader date={params.date} label={day.label} title="Packing slips" />
        <div className="mb-6 flex flex-wrap items-center gap-3">
          <PrintButton>Print packing slips</PrintButton>
          <p className="text-cocoa-light">
            {toPack.length === 1 ? '1 order' : `${toPack.length} orders`}, one page each.
          </p>
        </div>
      </div>
      {toPack.length === 0 ? (
        <p className="text-cocoa-light">No paid orders for this day yet.</p>
      ) : (
        <div className="space-y-6 print:space-y-0">
          {toPack.map((o) => (
            <PackingSlip key={o.id} order={o} shop={shop} />
          ))}
        </div>
      )}
    </main>
  );
}
