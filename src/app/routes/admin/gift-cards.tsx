import { data, Form, Link, useNavigation } from 'react-router';
import { LoadError } from '~/app/components/admin/load-error';
import { Button } from '~/app/components/ui/button';
import { Card } from '~/app/components/ui/card';
import { Input, Label } from '~/app/components/ui/input';
import { Pagination } from '~/app/components/ui/pagination';
import { pageMeta } from '~/app/seo/meta';
import { requireAdminPage } from '~/app/server/guards.server';
import { loadOrNull } from '~/app/server/page-action.server';
import { refusalOf } from '~/app/server/service-errors.server';
import { groupGiftCardCode, maskedGiftCard } from '~/shared/gift-cards/gift-card-code';
import { formatPence } from '~/shared/money/money';
import { adminActor } from '~/shared/orders/actor';
import { pageAsked } from '~/shared/schemas/admin';
import { formatLongDate } from '~/shared/time/london-time';
import type { Route } from './+types/gift-cards';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Gift cards',
    description: 'Gift cards sold, outstanding and spent.',
    noIndex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const page = pageAsked(request.url);
  const { giftCards } = context.services;
  return {
    totals: await loadOrNull(context, 'gift card totals', () => giftCards.totals()),
    list: await loadOrNull(context, 'gift cards', () => giftCards.list(page)),
  };
}

type IssueResult = { ok: true; code: string; amount: number } | { ok: false; error: string };

/** Issues a card by hand: its code is shown once, here, and never again. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdminPage(request, context);
  const form = await request.formData();
  try {
    const { card, code } = await context.services.giftCards.issueByHand(
      { amount: form.get('amount'), reason: form.get('reason') },
      adminActor(user),
    );
    return { ok: true, code: groupGiftCardCode(code), amount: card.initial_pennies } satisfies IssueResult;
  } catch (err) {
    const refused = refusalOf(err);
    if (!refused) throw err;
    return data({ ok: false, error: refused.message } satisfies IssueResult, { status: refused.status });
  }
}

export default function GiftCardsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { totals, list } = loaderData;
  const issued = actionData as IssueResult | undefined;
  const busy = useNavigation().state === 'submitting';
  return (
    <main className="mx-auto w-full max-w-6xl px-4 py-8">
      <h1 className="mb-2 text-3xl font-bold">Gift cards</h1>
      <p className="mb-6 text-cocoa-light">
        Sold gift cards are not revenue: the money is owed in cookies until a card is spent. Outstanding is
        that liability.
      </p>
      {totals ? (
        <dl className="mb-8 grid grid-cols-2 gap-4 sm:grid-cols-5">
          {[
            ['Sold', totals.sold_pennies],
            ['Issued by hand', totals.issued_by_hand_pennies],
            ['Outstanding balance', totals.outstanding_pennies],
            ['Spent', totals.spent_pennies],
            ['Expired', totals.expired_pennies],
          ].map(([label, pennies]) => (
            <Card key={label} className="p-4">
              <dt className="text-sm text-cocoa-light">{label}</dt>
              <dd className="text-2xl font-bold">{formatPence(pennies as number)}</dd>
            </Card>
          ))}
        </dl>
      ) : (
        <LoadError message="Failed to load gift card totals" />
      )}

      <Card className="mb-8 p-6">
        <h2 className="mb-3 text-xl font-bold">Issue a card by hand</h2>
        <Form method="post" className="grid gap-3 sm:grid-cols-[10rem_1fr_auto] sm:items-end">
          <div>
            <Label htmlFor="issue-amount">Amount (£)</Label>
            <Input id="issue-amount" name="amount" inputMode="decimal" required />
          </div>
          <div>
            <Label htmlFor="issue-reason">Reason</Label>
            <Input
              id="issue-reason"
              name="reason"
              required
              maxLength={200}
              placeholder="A replacement, a goodwill gesture"
            />
          </div>
          <Button type="submit" disabled={busy}>
            Issue gift card
          </Button>
        </Form>
        <div aria-live="polite" className="mt-3">
          {issued?.ok === false && <p className="font-medium text-red-700">{issued.error}</p>}
          {issued?.ok && (
            <p>
              Gift card for {formatPence(issued.amount)} issued. Its code, shown only now:{' '}
              <strong className="font-mono">{issued.code}</strong>
            </p>
          )}
        </div>
      </Card>

      {!list ? (
        <LoadError message="Failed to load gift cards" />
      ) : list.items.length === 0 ? (
        <p>No gift cards yet.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-crumb">
                <th className="py-2 pr-4">Card</th>
                <th className="py-2 pr-4">Issued</th>
                <th className="py-2 pr-4">For</th>
                <th className="py-2 pr-4 text-right">Amount</th>
                <th className="py-2 pr-4 text-right">Balance</th>
                <th className="py-2 pr-4">Status</th>
                <th className="py-2">Expires</th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((c) => (
                <tr key={c.id} className="border-b border-crumb">
                  <td className="py-2 pr-4">
                    <Link to={`/admin/gift-cards/${c.id}`} className="font-medium underline">
                      {maskedGiftCard(c.last4)}
                    </Link>
                  </td>
                  <td className="py-2 pr-4">
                    {formatLongDate(c.created_at)} by {c.issued_by}
                  </td>
                  <td className="py-2 pr-4">{c.recipient_name ?? '—'}</td>
                  <td className="py-2 pr-4 text-right">{formatPence(c.initial_pennies)}</td>
                  <td className="py-2 pr-4 text-right">{formatPence(c.balance_pennies)}</td>
                  <td className="py-2 pr-4 capitalize">{c.status}</td>
                  <td className="py-2">{formatLongDate(c.expires_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list && <Pagination page={list.page} pageCount={list.pageCount} />}
    </main>
  );
}
