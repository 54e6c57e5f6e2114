import { data } from 'react-router';
import { DaysAtAGlance } from '~/app/components/admin/bake-days/days-at-a-glance';
import { LimitedAhead } from '~/app/components/admin/bake-days/limited-ahead';
import { OverrideForms } from '~/app/components/admin/bake-days/override-forms';
import { TemplateForm } from '~/app/components/admin/bake-days/template-form';
import { LoadError } from '~/app/components/admin/load-error';
import { pageMeta } from '~/app/seo/meta';
import { requireAdminPage } from '~/app/server/guards.server';
import { field, loadOrNull, runPageAction } from '~/app/server/page-action.server';
import type { Route } from './+types/bake-days';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Bake Days',
    description: 'Delivery days, cut-off, capacity and closed dates.',
    noIndex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const { bakeDays, settings, subscriptions } = context.services;
  const [calendar, shop] = await Promise.all([
    loadOrNull(context, 'bake days', () => bakeDays.calendar()),
    loadOrNull(context, 'settings', () => settings.get()),
  ]);
  const days = calendar?.days ?? [];
  const upcoming =
    days.length > 0
      ? await loadOrNull(context, 'Cookie Club boxes', () =>
          subscriptions.upcomingDeliveries(days[0]!.date, days.at(-1)!.date),
        )
      : [];
  const clubDeliveries = Object.fromEntries((upcoming ?? []).map(({ date, ...n }) => [date, n]));
  const parcels =
    days.length > 0
      ? await loadOrNull(context, 'parcels to dispatch', () =>
          context.services.daySheets.parcelsByDay(days[0]!.date, days.at(-1)!.date),
        )
      : {};
  const ahead = await loadOrNull(context, 'limited products ahead', () => context.services.limitedAhead());
  // Unknown (settings failed to load): show collection days as the template has them.
  return {
    calendar,
    collectionOn: shop?.collectionEnabled ?? true,
    clubDeliveries,
    parcels: parcels ?? {},
    ahead,
  };
}

/** `intent=template` (the weekly template), `override` (date, mode, capacityCookies, note) or `remove-override` (date). */
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdminPage(request, context);
  const form = await request.formData();
  const intent = field(form, 'intent');
  const { bakeDays } = context.services;
  if (intent === 'template') {
    return runPageAction(context, intent, () =>
      bakeDays.saveTemplate({
        deliveryWeekdays: form.getAll('deliveryWeekdays').map(String),
        collectionWeekdays: form.getAll('collectionWeekdays').map(String),
        workingWeekdays: form.getAll('workingWeekdays').map(String),
        cutoffTime: field(form, 'cutoffTime'),
        cutoffDaysBefore: field(form, 'cutoffDaysBefore'),
        horizonDays: field(form, 'horizonDays'),
        capacityCookies: field(form, 'capacityCookies'),
      }),
    );
  }
  if (intent === 'override') {
    const closed = field(form, 'mode') !== 'capacity';
    const capacity = field(form, 'capacityCookies');
    return runPageAction(context, intent, () =>
      bakeDays.setOverride({
        date: field(form, 'date'),
        closed,
        // Sent as typed: a capacity with "Closed" chosen is refused, not dropped.
        capacityCookies: capacity === '' ? null : capacity,
        note: field(form, 'note'),
      }),
    );
  }
  if (intent === 'remove-override') {
    return runPageAction(context, intent, () => bakeDays.removeOverride(field(form, 'date')));
  }
  return data({ ok: false as const, intent, error: 'Unknown action' }, { status: 400 });
}

export default function BakeDays({ loaderData }: Route.ComponentProps) {
  const { calendar, collectionOn, clubDeliveries, parcels, ahead } = loaderData;
  return (
    <main className="mx-auto w-full max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-bold">Bake Days</h1>
      <p className="mt-1 mb-6 text-cocoa-light">
        The days customers can choose for delivery or collection. Changes apply to the shop at once.
      </p>
      {!calendar ? (
        <LoadError message="Failed to load bake days" />
      ) : (
        <div className="space-y-6">
          <DaysAtAGlance
            days={calendar.days}
            collectionOn={collectionOn}
            clubDeliveries={clubDeliveries}
            parcels={parcels}
          />
          {ahead && ahead.products.length > 0 && <LimitedAhead view={ahead} />}
          <TemplateForm template={calendar.template} />
          <OverrideForms overrides={calendar.overrides} today={calendar.days[0]!.date} />
        </div>
      )}
    </main>
  );
}
