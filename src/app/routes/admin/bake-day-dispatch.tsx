import { Download } from 'lucide-react';
import { data, Link, useNavigation } from 'react-router';
import { DayHeader } from '~/app/components/admin/bake-days/day-header';
import { PrintButton } from '~/app/components/admin/bake-days/print-button';
import { TrackingForm, TrackingReportView } from '~/app/components/admin/bake-days/tracking-form';
import { LoadError } from '~/app/components/admin/load-error';
import { Button } from '~/app/components/ui/button';
import { ColumnHeads } from '~/app/components/ui/column-heads';
import { pageMeta } from '~/app/seo/meta';
import { requireAdminPage } from '~/app/server/guards.server';
import { field, loadOrNull } from '~/app/server/page-action.server';
import { refusalOf } from '~/app/server/service-errors.server';
import { dispatchList } from '~/shared/bake-days/day-sheets';
import { DEFAULT_SERVICE_CODE, serviceName } from '~/shared/dispatch/parcel';
import { adminActor } from '~/shared/orders/actor';
import { ORDER_STATUS_LABELS } from '~/shared/orders/statuses';
import { isIsoDate } from '~/shared/time/london-time';
import type { Route } from './+types/bake-day-dispatch';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Dispatch list',
    description: 'Parcels posted on a day, with their Royal Mail export.',
    noIndex: true,
  });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  if (!isIsoDate(params.date)) throw data('Not found', { status: 404 });
  const day = await loadOrNull(context, 'the dispatch list', () =>
    context.services.daySheets.get(params.date),
  );
  return {
    day: day && {
      label: day.label,
      parcels: dispatchList(day.orders).map((o) => ({
        id: o.id,
        number: o.number,
        status: o.status,
        name: o.ship.name,
        postcode: o.ship.postcode,
        grams: o.parcel.grams,
        estimated: o.parcel.estimated,
        service: serviceName(o.serviceCode ?? DEFAULT_SERVICE_CODE),
        tracking: o.trackingCode,
      })),
    },
  };
}

/** `intent=tracking` with `tracking` (pasted lines) and/or `file` (a CSV): see TrackingForm. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireAdminPage(request, context);
  const form = await request.formData();
  if (field(form, 'intent') !== 'tracking')
    return data({ error: 'Unknown action', report: null }, { status: 400 });
  const file = form.get('file');
  const text = [field(form, 'tracking'), file instanceof File ? await file.text() : ''].join('\n');
  try {
    const report = await context.services.daySheets.uploadTracking(params.date, text, adminActor(user));
    return { error: null, report };
  } catch (err) {
    const refused = refusalOf(err);
    if (!refused) throw err;
    return data({ error: refused.message, report: null }, { status: refused.status });
  }
}

const kg = (grams: number) => `${(grams / 1000).toFixed(2)} kg`;

export default function DispatchList({ loaderData, actionData, params }: Route.ComponentProps) {
  const { day } = loaderData;
  const navigation = useNavigation();
  if (!day) {
    return (
      <main className="mx-auto w-full max-w-4xl px-4 py-8">
        <LoadError message="Failed to load the dispatch list" />
      </main>
    );
  }
  const { parcels } = day;
  const toLabel = parcels.filter((p) => p.status === 'paid' || p.status === 'baking').length;
  return (
    <main className="mx-auto w-full max-w-4xl px-4 py-8">
      <DayHeader date={params.date} label={day.label} title="Dispatch list" />
      <div className="mb-6 flex flex-wrap items-center gap-3 print:hidden">
        <PrintButton>Print dispatch list</PrintButton>
        <Button asChild variant="outline">
          <a href={`/api/admin/bake-days/${params.date}/click-and-drop.csv`} download>
            <Download aria-hidden className="size-4" />
            Click &amp; Drop file
          </a>
        </Button>
      </div>
      <p className="mb-6 text-cocoa-light">
        {parcels.length === 1 ? '1 parcel' : `${parcels.length} parcels`} by Royal Mail, by postcode
        {parcels.length > 0 && `; ${toLabel} still to post (the Click & Drop file lists these)`}.
      </p>
      {actionData?.report && <TrackingReportView report={actionData.report} />}
      {parcels.length === 0 ? (
        <p className="text-cocoa-light">No posted orders for this day yet.</p>
      ) : (
        <div className="mb-6 overflow-x-auto">
          <table className="w-full border-collapse text-left text-sm sm:text-base">
            <caption className="sr-only">Parcels posted on {day.label}</caption>
            <thead className="border-b border-cocoa/30 text-sm text-cocoa-light">
              <ColumnHeads
                cell="py-2 pr-2 font-medium"
                columns={[
                  'Order',
                  'Recipient',
                  'Postcode',
                  'Weight',
                  { label: 'Service', className: 'pr-0' },
                ]}
              />
            </thead>
            <tbody>
              {parcels.map((p) => (
                <tr key={p.id} className="border-b border-crumb align-top print:break-inside-avoid">
                  <td className="py-3 pr-2">
                    <Link
                      to={`/admin/orders/${p.id}`}
                      className="font-mono text-caramel-dark hover:underline"
                    >
                      {p.number}
                    </Link>
                    <p className="text-sm">{ORDER_STATUS_LABELS[p.status]}</p>
                  </td>
                  <td className="py-3 pr-2 break-words">{p.name}</td>
                  <td className="py-3 pr-2 whitespace-nowrap">{p.postcode}</td>
                  <td className="py-3 pr-2 whitespace-nowrap">
                    {kg(p.grams)}
                    {p.estimated && (
                      <p className="text-sm text-red-900" title="A cookie in it has no net weight">
                        estimated
                      </p>
                    )}
                  </td>
                  <td className="py-3">
                    {p.service}
                    {p.tracking && <p className="font-mono text-sm break-all">{p.tracking}</p>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {/* A new, empty form once an upload has shipped its orders. */}
      <TrackingForm
        key={actionData?.report?.applied ? JSON.stringify(actionData.report.lines) : 'tracking'}
        busy={navigation.state !== 'idle'}
        error={actionData?.error ?? null}
      />
    </main>
  );
}
