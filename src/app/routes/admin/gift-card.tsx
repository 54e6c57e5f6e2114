import { data, Form, Link, useNavigation } from 'react-router';
import { Button } from '~/app/components/ui/button';
import { Card } from '~/app/components/ui/card';
import { Input, Label } from '~/app/components/ui/input';
import { pageMeta } from '~/app/seo/meta';
import { requireAdminPage } from '~/app/server/guards.server';
import { orNotFoundPage, refusalOf } from '~/app/server/service-errors.server';
import { GIFT_CARD_MOVEMENT_LABELS, maskedGiftCard } from '~/shared/gift-cards/gift-card-code';
import { formatPence } from '~/shared/money/money';
import { adminActor } from '~/shared/orders/actor';
import { orderNumber } from '~/shared/orders/statuses';
import { formatDateTime } from '~/shared/time/london-time';
import type { Route } from './+types/gift-card';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'Gift card', description: 'One gift card and its ledger.', noIndex: true });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  // An unknown card is the 404 page, not a 500 (the role matrix's walk found it).
  return orNotFoundPage(() => context.services.giftCards.card(params.id), 'Gift card not found');
}

type Result = { ok: true; intent: string } | { ok: false; error: string };

/** `adjust` (amount in pounds, a minus takes off) or `void`, each with a reason. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireAdminPage(request, context);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const { giftCards } = context.services;
  try {
    if (intent === 'adjust')
      await giftCards.adjust(
        params.id,
        { amount: form.get('amount'), reason: form.get('reason') },
        adminActor(user),
      );
    else if (intent === 'void')
      await giftCards.void(params.id, { reason: form.get('reason') }, adminActor(user));
    else return data({ ok: false, error: 'Unknown action' } satisfies Result, { status: 400 });
    return { ok: true, intent } satisfies Result;
  } catch (err) {
    const refused = refusalOf(err);
    if (!refused) throw err;
    return data({ ok: false, error: refused.message } satisfies Result, { status: refused.status });
  }
}

export default function GiftCardPage({ loaderData, actionData }: Route.ComponentProps) {
  const { card, ledger } = loaderData;
  const result = actionData as Result | undefined;
  const busy = useNavigation().state === 'submitting';
  return (
    <main className="mx-auto w-full max-w-4xl px-4 py-8">
      <Link to="/admin/gift-cards" className="text-sm underline">
        All gift cards
      </Link>
      <h1 className="mt-2 text-3xl font-bold">Gift card {maskedGiftCard(card.last4)}</h1>
      <p className="mt-1 text-cocoa-light">
        {formatPence(card.initial_pennies)} issued by {card.issued_by}
        {card.recipient_name && ` for ${card.recipient_name}`} ·{' '}
        <span className="capitalize">{card.status}</span> · expires {formatDateTime(card.expires_at)}
      </p>
      {card.recipient_email && card.email_sent_at && (
        <p className="mt-1 text-cocoa-light">
          E-mail to {card.recipient_email}:{' '}
          {new Date(card.email_sent_at) > new Date() ? 'will be sent' : 'sent'}{' '}
          {formatDateTime(card.email_sent_at)}
          {card.email_resent_at &&
            ` · sent again by the buyer ${formatDateTime(card.email_resent_at)}, with a new code`}
        </p>
      )}
      <p className="mt-4 text-2xl">
        Balance <strong>{formatPence(card.balance_pennies)}</strong>
      </p>

      <h2 className="mt-8 mb-2 text-xl font-bold">Ledger</h2>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b border-crumb">
              <th className="py-2 pr-4">When</th>
              <th className="py-2 pr-4">Movement</th>
              <th className="py-2 pr-4 text-right">Amount</th>
              <th className="py-2 pr-4">Order</th>
              <th className="py-2 pr-4">By</th>
              <th className="py-2">Reason</th>
            </tr>
          </thead>
          <tbody>
            {ledger.map((l) => (
              <tr key={l.id} className="border-b border-crumb">
                <td className="py-2 pr-4">{formatDateTime(l.at)}</td>
                <td className="py-2 pr-4">{GIFT_CARD_MOVEMENT_LABELS[l.kind]}</td>
                <td className="py-2 pr-4 text-right">{formatPence(l.amount_pennies)}</td>
                <td className="py-2 pr-4">
                  {l.order_id ? (
                    <Link to={`/admin/orders/${l.order_id}`}>{orderNumber(l.order_id)}</Link>
                  ) : (
                    '—'
                  )}
                </td>
                <td className="py-2 pr-4">{l.by}</td>
                <td className="py-2">{l.reason ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      {card.status !== 'void' && (
        <div className="mt-8 grid gap-6 md:grid-cols-2">
          <Card className="p-6">
            <h2 className="mb-3 text-lg font-bold">Adjust the balance</h2>
            <Form method="post" className="space-y-3">
              <input type="hidden" name="intent" value="adjust" />
              <div>
                <Label htmlFor="adjust-amount">Amount (£; a minus takes off)</Label>
                <Input id="adjust-amount" name="amount" required placeholder="5.00 or -5.00" />
              </div>
              <div>
                <Label htmlFor="adjust-reason">Reason</Label>
                <Input id="adjust-reason" name="reason" required maxLength={200} />
              </div>
              <Button type="submit" disabled={busy}>
                Adjust
              </Button>
            </Form>
          </Card>
          <Card className="p-6">
            <h2 className="mb-3 text-lg font-bold">Void this card</h2>
            <Form method="post" className="space-y-3">
              <input type="hidden" name="intent" value="void" />
              <div>
                <Label htmlFor="void-reason">Reason</Label>
                <Input id="void-reason" name="reason" required maxLength={200} />
              </div>
              <Button type="submit" variant="danger" disabled={busy}>
                Void card
              </Button>
            </Form>
          </Card>
        </div>
      )}
      <div aria-live="polite" className="mt-4">
        {result?.ok === false && <p className="font-medium text-red-700">{result.error}</p>}
        {result?.ok && <p>{result.intent === 'void' ? 'Card voided.' : 'Balance adjusted.'}</p>}
      </div>
    </main>
  );
}
