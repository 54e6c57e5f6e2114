import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { data, Link, redirect, useFetcher } from 'react-router';
import { CLUB_ACTION_MESSAGES } from '~/app/components/club/club-action-messages';
import { ClubBoxFiller, fillingOfForm } from '~/app/components/club/club-box-filler';
import { SubscriptionSummary } from '~/app/components/club/subscription-summary';
import { Button } from '~/app/components/ui/button';
import { Card } from '~/app/components/ui/card';
import { ConfirmDialog } from '~/app/components/ui/confirm-dialog';
import { Input, Label, Select } from '~/app/components/ui/input';
import { pageMeta } from '~/app/seo/meta';
import { requireCustomerPage } from '~/app/server/guards.server';
import { field, numberField, runPageAction } from '~/app/server/page-action.server';
import { type PageActionResult, toastWhenAnswered, useActionToast } from '~/app/toast/use-action-toast';
import { badRequest } from '~/server/errors';
import { EVERY_WEEKS, type SubscriptionView } from '~/shared/club/club';
import { customerActor } from '~/shared/orders/actor';
import { WEEKDAY_NAMES } from '~/shared/time/london-time';
import type { Route } from './+types/subscriptions';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'My Cookie Club',
    description: 'Your Cookie Club boxes: skip, pause, change or cancel.',
    noIndex: true,
  });

/** Members only: no session -> /auth, an admin -> /admin. Only their own subscriptions. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireCustomerPage(request, context, '/admin/subscriptions');
  const { subscriptions } = context.services;
  const [list, choices] = await Promise.all([
    subscriptions.listForCustomer(user.id),
    subscriptions.choices(),
  ]);
  // The member's own box they fill is changed with its filling here; another such box is chosen,
  // with its filling, on the join page.
  const fillings = await subscriptions.fillingChoices(
    list.flatMap((s) => (s.filling ? [s.product_id!] : [])),
  );
  const cardSaved = new URL(request.url).searchParams.get('card') === 'saved';
  return data(
    { subscriptions: list, cookies: choices.filter((c) => !c.filled_by_member), fillings, cardSaved },
    { headers: { 'Cache-Control': 'private, no-store' } },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** One change to one of the member's subscriptions; the service checks it is theirs. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireCustomerPage(request, context, '/admin/subscriptions');
  const form = await request.formData();
  const intent = field(form, 'intent');
  const id = field(form, 'id');
  const club = context.services.subscriptions;
  const actor = customerActor(user);
  if (intent === 'card') {
    // The hosted card page opens; a refusal (a cancelled subscription) is toasted like the rest.
    let url = '';
    const refused = await runPageAction(context, intent, async () => {
      url = (await club.updateCard(id, user)).url;
    });
    return url ? redirect(url) : refused;
  }
  return runPageAction(context, intent, () => {
    switch (intent) {
      case 'skip':
        return club.skipNext(id, user.id, actor);
      case 'pause':
        return club.pause(id, user.id, { until: field(form, 'until') || null }, actor);
      case 'resume':
        return club.resume(id, user.id, actor);
      case 'cancel':
        return club.cancel(id, user.id, actor);
      case 'change': {
        const box = fillingOfForm(form);
        return club.change(
          id,
          user.id,
          {
            every_weeks: numberField(form, 'every_weeks'),
            weekday: numberField(form, 'weekday'),
            product_id: field(form, 'product_id') || undefined,
            quantity: numberField(form, 'quantity'),
            ...(box.length ? { box } : {}),
          },
          actor,
        );
      }
      default:
        // A form this page never sends (it was a 500).
        throw badRequest('That is not something this page can do.');
    }
  });
}

const MESSAGES = {
  ...CLUB_ACTION_MESSAGES,
  change: { success: 'Changes saved for your next box', failure: 'Could not save the changes' },
  card: { success: 'Opening the card page', failure: 'Could not open the card page' },
};

/** Cancelling removes the controls that asked, so the answer is toasted as it arrives. */
export const clientAction = toastWhenAnswered(MESSAGES);

export default function SubscriptionsPage({ loaderData }: Route.ComponentProps) {
  const { subscriptions, cookies, fillings, cardSaved } = loaderData;
  return (
    <main className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      <Link to="/account" className="mb-6 inline-flex items-center gap-1 text-caramel-dark hover:underline">
        <ArrowLeft aria-hidden className="size-4" /> My account
      </Link>
      <h1 className="mb-2 text-3xl font-bold">My Cookie Club</h1>
      {cardSaved && (
        <p role="status" className="mb-4 rounded-md bg-green-50 p-3 text-green-900">
          Your card is saved. Each box is charged to it when it is made.
        </p>
      )}
      {subscriptions.length === 0 ? (
        <Card className="p-6">
          <p className="mb-4">You are not in the Cookie Club yet.</p>
          <Button asChild>
            <Link to="/club">Join the Cookie Club</Link>
          </Button>
        </Card>
      ) : (
        <div className="space-y-6">
          {subscriptions.map((sub) => (
            <Card key={sub.id} className="space-y-6 p-5 sm:p-6">
              <SubscriptionSummary sub={sub} orderLink={(id) => `/account/orders/${id}`} />
              {sub.status === 'failing' && (
                <p className="rounded-md bg-red-50 p-3 text-sm text-red-900">
                  Your last payment was declined. Update your card and the waiting box is tried again at once.
                </p>
              )}
              {sub.status !== 'cancelled' && (
                <MemberActions sub={sub} cookies={cookies} mayHold={fillings[sub.product_id ?? ''] ?? []} />
              )}
            </Card>
          ))}
        </div>
      )}
    </main>
  );
}

type Choice = { id: string; name: string; size: number | null };

function MemberActions({
  sub,
  cookies,
  mayHold,
}: {
  sub: SubscriptionView;
  cookies: Choice[];
  /** When the member fills the box: the cookies it may hold. */
  mayHold: { id: string; name: string; balanced: number }[];
}) {
  const fetcher = useFetcher<PageActionResult>();
  // The product chosen in the change form: the quantity's label and the filling follow it.
  const [productId, setProductId] = useState(sub.product_id ?? '');
  const offered: Choice[] =
    cookies.some((c) => c.id === sub.product_id) || !sub.product_id
      ? cookies
      : [{ id: sub.product_id, name: sub.product_name, size: sub.box_size }, ...cookies];
  const isBox = (offered.find((c) => c.id === productId)?.size ?? null) !== null;
  const fillsOwnBox = productId === sub.product_id && sub.filling !== null && mayHold.length > 0;
  useActionToast(fetcher, MESSAGES);
  const busy = fetcher.state !== 'idle';
  const [changing, setChanging] = useState(false);
  const fieldsOf = (intent: string) => (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={sub.id} />
    </>
  );
  const paused = sub.status === 'paused';
  return (
    <div className="space-y-4 border-t border-crumb pt-4">
      <div className="flex flex-wrap gap-2">
        {!paused && sub.status !== 'awaiting_card' && (
          <fetcher.Form method="post">
            {fieldsOf('skip')}
            <Button type="submit" variant="outline" disabled={busy}>
              Skip next box
            </Button>
          </fetcher.Form>
        )}
        {paused && (
          <fetcher.Form method="post">
            {fieldsOf('resume')}
            <Button type="submit" disabled={busy}>
              Resume
            </Button>
          </fetcher.Form>
        )}
        <fetcher.Form method="post">
          {fieldsOf('card')}
          <Button type="submit" variant="outline" disabled={busy}>
            {sub.card_label ? 'Update card' : 'Add a card'}
          </Button>
        </fetcher.Form>
        <Button
          type="button"
          variant="outline"
          onClick={() => setChanging((v) => !v)}
          aria-expanded={changing}
        >
          Change
        </Button>
        <ConfirmDialog
          trigger={
            <Button type="button" variant="danger" disabled={busy}>
              Cancel subscription
            </Button>
          }
          title="Cancel your Cookie Club?"
          description="No further boxes are made or charged. A box you have already paid for still comes."
          keep="Keep it"
          confirm="Cancel subscription"
          onConfirm={() => fetcher.submit({ intent: 'cancel', id: sub.id }, { method: 'post' })}
        />
      </div>
      {!paused && (
        <fetcher.Form method="post" className="flex flex-wrap items-end gap-2">
          {fieldsOf('pause')}
          <div>
            <Label htmlFor={`until-${sub.id}`}>Pause until (leave empty to pause until you resume)</Label>
            <Input id={`until-${sub.id}`} name="until" type="date" className="w-auto" />
          </div>
          <Button type="submit" variant="outline" disabled={busy}>
            Pause
          </Button>
        </fetcher.Form>
      )}
      {changing && (
        <fetcher.Form method="post" className="grid gap-3 sm:grid-cols-2">
          {fieldsOf('change')}
          <p className="text-sm text-cocoa-light sm:col-span-2">
            Changes apply from the next box not yet charged.
          </p>
          <div>
            <Label htmlFor={`cookie-${sub.id}`}>Cookie</Label>
            <Select
              id={`cookie-${sub.id}`}
              name="product_id"
              value={productId}
              onChange={(e) => setProductId(e.target.value)}
            >
              {offered.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </Select>
          </div>
          <div>
            <Label htmlFor={`quantity-${sub.id}`}>{isBox ? 'Boxes each time' : 'Cookies per box'}</Label>
            <Input
              id={`quantity-${sub.id}`}
              name="quantity"
              type="number"
              min={1}
              defaultValue={sub.quantity}
            />
          </div>
          {fillsOwnBox && sub.box_size && (
            <ClubBoxFiller
              size={sub.box_size}
              mayHold={mayHold}
              initial={Object.fromEntries((sub.filling ?? []).map((e) => [e.product_id, e.quantity]))}
            />
          )}
          <div>
            <Label htmlFor={`every-${sub.id}`}>How often</Label>
            <Select id={`every-${sub.id}`} name="every_weeks" defaultValue={String(sub.every_weeks)}>
              {EVERY_WEEKS.map((w) => (
                <option key={w} value={w}>
                  Every {w} weeks
                </option>
              ))}
            </Select>
          </div>
          <div>
            <Label htmlFor={`weekday-${sub.id}`}>Day of the week</Label>
            <Select id={`weekday-${sub.id}`} name="weekday" defaultValue={String(sub.weekday)}>
              {/* Only the days the member's zone delivers on (and the day it has now, to keep). */}
              {WEEKDAY_NAMES.map((name, i) =>
                sub.delivery_weekdays.includes(i) || i === sub.weekday ? (
                  <option key={name} value={i}>
                    {name}
                  </option>
                ) : null,
              )}
            </Select>
          </div>
          <div className="sm:col-span-2">
            <Button type="submit" disabled={busy}>
              Save changes
            </Button>
          </div>
        </fetcher.Form>
      )}
    </div>
  );
}
