import { ArrowLeft } from 'lucide-react';
import { Link, useFetcher } from 'react-router';
import { CLUB_ACTION_MESSAGES } from '~/app/components/club/club-action-messages';
import { SubscriptionSummary } from '~/app/components/club/subscription-summary';
import { Button } from '~/app/components/ui/button';
import { Card } from '~/app/components/ui/card';
import { Input, Label } from '~/app/components/ui/input';
import { pageMeta } from '~/app/seo/meta';
import { requireAdminPage } from '~/app/server/guards.server';
import { field, runPageAction } from '~/app/server/page-action.server';
import { orNotFoundPage } from '~/app/server/service-errors.server';
import { type PageActionResult, useActionToast } from '~/app/toast/use-action-toast';
import { badRequest } from '~/server/errors';
import { HISTORY_ACTION_LABELS, historyNoteWords } from '~/shared/club/club';
import { formatPence } from '~/shared/money/money';
import { adminActor } from '~/shared/orders/actor';
import { formatDateTime } from '~/shared/time/london-time';
import type { Route } from './+types/subscription';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'Subscription', description: 'One Cookie Club subscription.', noIndex: true });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const sub = await orNotFoundPage(
    () => context.services.subscriptions.adminDetail(params.id),
    'Subscription not found',
  );
  return {
    sub,
    history: sub.history.map((h) => ({
      ...h,
      when: formatDateTime(h.created_at),
      // Words, never the stored code ("card_saved") or JSON and ISO dates.
      what: HISTORY_ACTION_LABELS[h.action] ?? h.action.replaceAll('_', ' '),
      note: historyNoteWords(h.note),
    })),
  };
}

/** Pause, skip, resume or cancel on the member's behalf, recorded as by this owner. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireAdminPage(request, context);
  const form = await request.formData();
  const intent = field(form, 'intent');
  const club = context.services.subscriptions;
  const actor = adminActor(user);
  return runPageAction(context, intent, () => {
    switch (intent) {
      case 'skip':
        return club.skipNext(params.id, null, actor);
      case 'pause':
        return club.pause(params.id, null, { until: field(form, 'until') || null }, actor);
      case 'resume':
        return club.resume(params.id, null, actor);
      case 'cancel':
        return club.cancel(params.id, null, actor);
      default:
        // Never a cancellation by default: a form this page does not send changes nothing.
        throw badRequest('That is not something this page can do.');
    }
  });
}

export default function SubscriptionPage({ loaderData }: Route.ComponentProps) {
  const { sub, history } = loaderData;
  const fetcher = useFetcher<PageActionResult>();
  useActionToast(fetcher, CLUB_ACTION_MESSAGES);
  const busy = fetcher.state !== 'idle';
  const act = (intent: string, label: string, variant: 'outline' | 'danger' = 'outline') => (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <Button type="submit" variant={variant} disabled={busy}>
        {label}
      </Button>
    </fetcher.Form>
  );
  return (
    <main className="mx-auto w-full max-w-4xl px-4 py-8">
      <Link
        to="/admin/subscriptions"
        className="mb-6 inline-flex items-center gap-1 text-caramel-dark hover:underline"
      >
        <ArrowLeft aria-hidden className="size-4" /> Subscriptions
      </Link>
      <h1 className="mb-1 text-3xl font-bold">{sub.member.full_name}</h1>
      <p className="mb-6 text-cocoa-light">{sub.member.email}</p>
      <Card className="mb-6 space-y-6 p-5 sm:p-6">
        <SubscriptionSummary sub={sub} orderLink={(id) => `/admin/orders/${id}`} />
        {sub.status !== 'cancelled' && (
          <div className="flex flex-wrap items-end gap-2 border-t border-crumb pt-4">
            {sub.status === 'paused' ? act('resume', 'Resume') : act('skip', 'Skip next box')}
            {sub.status !== 'paused' && (
              <fetcher.Form method="post" className="flex items-end gap-2">
                <input type="hidden" name="intent" value="pause" />
                <div>
                  <Label htmlFor="until">Pause until (optional)</Label>
                  <Input id="until" name="until" type="date" className="w-auto" />
                </div>
                <Button type="submit" variant="outline" disabled={busy}>
                  Pause
                </Button>
              </fetcher.Form>
            )}
            {act('cancel', 'Cancel subscription', 'danger')}
          </div>
        )}
      </Card>
      <Card className="mb-6 p-5 sm:p-6">
        <h2 className="mb-3 text-xl font-bold">Payments</h2>
        {sub.payments.length === 0 ? (
          <p>No box has been charged yet.</p>
        ) : (
          <ul className="divide-y divide-crumb text-sm">
            {sub.payments.map((p) => (
              <li key={p.box_id} className="flex flex-wrap justify-between gap-2 py-2">
                <Link to={`/admin/orders/${p.order_id}`} className="underline">
                  Order {p.order_number}
                </Link>
                <span>
                  {p.paid_pennies ? `Paid ${formatPence(p.paid_pennies)}` : 'Not paid'}
                  {p.refunded_pennies ? `, refunded ${formatPence(p.refunded_pennies)}` : ''}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card className="p-5 sm:p-6">
        <h2 className="mb-3 text-xl font-bold">History</h2>
        <ol className="space-y-2 text-sm">
          {history.map((h, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the history only grows, in order
            <li key={i}>
              <span className="text-cocoa-light">{h.when}</span>: {h.what} by {h.actor_name ?? h.actor_type}
              {h.note ? ` (${h.note})` : ''}
            </li>
          ))}
        </ol>
      </Card>
    </main>
  );
}
