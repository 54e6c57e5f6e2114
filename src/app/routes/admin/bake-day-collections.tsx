import { data } from 'react-router';
import { CollectionRow } from '~/app/components/admin/bake-days/collection-row';
import { DayHeader } from '~/app/components/admin/bake-days/day-header';
import { PrintButton } from '~/app/components/admin/bake-days/print-button';
import { LoadError } from '~/app/components/admin/load-error';
import { ColumnHeads } from '~/app/components/ui/column-heads';
import { pageMeta } from '~/app/seo/meta';
import { requireAdminPage } from '~/app/server/guards.server';
import { field, loadOrNull, runPageAction } from '~/app/server/page-action.server';
import { collectionList } from '~/shared/bake-days/day-sheets';
import { isIsoDate } from '~/shared/time/london-time';
import type { Route } from './+types/bake-day-collections';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Collection list',
    description: 'Orders collected from the bakery on a day, by time slot and name.',
    noIndex: true,
  });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  if (!isIsoDate(params.date)) throw data('Not found', { status: 404 });
  const { daySheets, settings } = context.services;
  const [day, shop] = await Promise.all([
    loadOrNull(context, 'the collection list', () => daySheets.get(params.date)),
    loadOrNull(context, 'settings', () => settings.get()),
  ]);
  return {
    day: day && { label: day.label, list: collectionList(day.orders) },
    collectionAddress: shop?.collectionAddress ?? null,
  };
}

/** `intent=outcome` with `order_id` and `outcome`: `ready` (the customer is e-mailed) or `delivered` (collected). */
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdminPage(request, context);
  const form = await request.formData();
  const intent = field(form, 'intent');
  const outcome = field(form, 'outcome');
  if (intent !== 'outcome' || (outcome !== 'ready' && outcome !== 'delivered'))
    return data({ ok: false as const, intent, error: 'Unknown action' }, { status: 400 });
  return runPageAction(context, `outcome-${outcome}`, () =>
    context.services.daySheets.setOutcome(field(form, 'order_id'), { outcome }),
  );
}

export default function CollectionListPage({ loaderData, params }: Route.ComponentProps) {
  const { day, collectionAddress } = loaderData;
  if (!day) {
    return (
      <main className="mx-auto w-full max-w-4xl px-4 py-8">
        <LoadError message="Failed to load the collection list" />
      </main>
    );
  }
  const { list } = day;
  const cookies = list.reduce((sum, o) => sum + o.cookies, 0);
  return (
    <main className="mx-auto w-full max-w-4xl px-4 py-8">
      <DayHeader date={params.date} label={day.label} title="Collection list" />
      <div className="mb-6 flex flex-wrap items-center gap-3">
        <PrintButton>Print collection list</PrintButton>
        <p className="text-cocoa-light">
          {list.length === 1 ? '1 collection' : `${list.length} collections`}, {cookies}{' '}
          {cookies === 1 ? 'cookie' : 'cookies'}, by time and name
          {collectionAddress ? ` · ${collectionAddress}` : ''}.
        </p>
      </div>
      {list.length === 0 ? (
        <p className="text-cocoa-light">No collections for this day yet.</p>
      ) : (
        <table className="w-full border-collapse text-left">
          <caption className="sr-only">Collections for {day.label}</caption>
          <thead className="border-b border-cocoa/30 text-sm text-cocoa-light">
            <ColumnHeads
              cell="py-2 pr-2 font-medium"
              columns={[
                { label: 'Collected', className: 'w-16' },
                { label: 'Time', className: 'hidden w-28 sm:table-cell print:table-cell' },
                'Name',
                'Order',
                { label: 'Actions', srOnly: true, className: 'pr-0 print:hidden' },
              ]}
            />
          </thead>
          <tbody>
            {list.map((o) => (
              <CollectionRow key={o.id} order={o} />
            ))}
          </tbody>
        </table>
      )}
    </main>
  );
}
