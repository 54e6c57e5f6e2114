import { data } from 'react-router';
import { DayHeader } from '~/app/components/admin/bake-days/day-header';
import { PrintButton } from '~/app/components/admin/bake-days/print-button';
import { RunSheetRow } from '~/app/components/admin/bake-days/run-sheet-row';
import { LoadError } from '~/app/components/admin/load-error';
import { pageMeta } from '~/app/seo/meta';
import { requireAdminPage } from '~/app/server/guards.server';
import { field, loadOrNull, runPageAction } from '~/app/server/page-action.server';
import { runSheetStops } from '~/shared/bake-days/day-sheets';
import { isIsoDate } from '~/shared/time/london-time';
import type { Route } from './+types/bake-day-run-sheet';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'Run sheet', description: 'Deliveries for a day, by postcode.', noIndex: true });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  if (!isIsoDate(params.date)) throw data('Not found', { status: 404 });
  const day = await loadOrNull(context, 'the run sheet', () => context.services.daySheets.get(params.date));
  // Only the deliveries leave the server: collections are on the collection list.
  return { day: day && { label: day.label, stops: runSheetStops(day.orders) } };
}

/** `intent=outcome` with `order_id`, `outcome` (delivered | failed) and `note` (required when failed). */
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdminPage(request, context);
  const form = await request.formData();
  const intent = field(form, 'intent');
  if (intent === 'outcome') {
    return runPageAction(context, intent, () =>
      context.services.daySheets.setOutcome(field(form, 'order_id'), {
        outcome: field(form, 'outcome'),
        note: field(form, 'note'),
      }),
    );
  }
  return data({ ok: false as const, intent, error: 'Unknown action' }, { status: 400 });
}

export default function RunSheet({ loaderData, params }: Route.ComponentProps) {
  const { day } = loaderData;
  if (!day) {
    return (
      <main className="mx-auto w-full max-w-4xl px-4 py-8">
        <LoadError message="Failed to load the run sheet" />
      </main>
    );
  }
  const { stops } = day;
  const cookies = stops.reduce((sum, o) => sum + o.cookies, 0);
  return (
    <main className="mx-auto w-full max-w-4xl px-4 py-8">
      <DayHeader date={params.date} label={day.label} title="Run sheet" />
      <div className="mb-6 flex flex-wrap items-center gap-3">
        <PrintButton>Print run sheet</PrintButton>
        <p className="text-cocoa-light">
          {stops.length === 1 ? '1 delivery' : `${stops.length} deliveries`}, {cookies} cookies, by postcode.
        </p>
      </div>
      {stops.length === 0 ? (
        <p className="text-cocoa-light">No deliveries for this day yet.</p>
      ) : (
        <ol className="space-y-3">
          {stops.map((o, i) => (
            <RunSheetRow key={o.id} stop={i + 1} order={o} />
          ))}
        </ol>
      )}
    </main>
  );
}
