import { data, Form, useActionData, useNavigation } from 'react-router';
import { Button } from '~/app/components/ui/button';
import { Card } from '~/app/components/ui/card';
import { pageMeta } from '~/app/lib/meta';
import { orNotFoundPage, refusalOf } from '~/app/lib/service-errors.server';
import { QUOTE_EXPIRED } from '~/shared/made-to-order/made-to-order';
import { formatPence } from '~/shared/money/money';
import { formatBakeDay } from '~/shared/time/london-time';
import type { Route } from './+types/quote';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'Your quote', description: 'Your made-to-order quote.', noIndex: true });

export async function loader({ params, context }: Route.LoaderArgs) {
  const q = await orNotFoundPage(
    () => context.services.madeToOrder.quoteByToken(params.token),
    'We cannot find that quote.',
  );
  return data(
    {
      status: q.status,
      expired: q.expired,
      name: q.enquiry.name,
      occasion: q.enquiry.occasion,
      dateWanted: q.enquiry.dateWanted,
      fulfilment: q.enquiry.fulfilment,
      message: q.message,
      lines: q.lines.map((l) => ({
        description: l.description,
        quantity: l.quantity,
        unitPricePennies: l.unitPricePennies,
      })),
      money: q.money,
      validUntil: q.validUntil,
      balanceDueOn: q.balanceDueOn,
    },
    { headers: { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex' } },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function action({ params, request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = form.get('intent');
  // Declining is asked twice (a tap on the wrong button should not lose the quote).
  if (intent !== 'accept' && intent !== 'decline-confirmed')
    return { ok: false as const, askDecline: true as const };
  const accept = intent === 'accept';
  try {
    const answer = await context.services.madeToOrder.answer(params.token, accept);
    return { ok: true as const, status: answer.status };
  } catch (err) {
    const refused = refusalOf(err);
    if (!refused) throw err;
    return data({ ok: false as const, error: refused.message }, { status: refused.status });
  }
}

export default function MadeToOrderQuote({ loaderData }: Route.ComponentProps) {
  const q = loaderData;
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const open = q.status === 'sent';
  const askDecline = result && !result.ok && 'askDecline' in result;
  const refusal = result && !result.ok && 'error' in result ? result.error : null;
  return (
    <main className="mx-auto w-full max-w-3xl px-4 py-10">
      <h1 className="mb-2 text-3xl font-bold">Your quote</h1>
      <p className="mb-6 text-cocoa-light">
        {q.occasion} for {formatBakeDay(q.dateWanted)} (
        {q.fulfilment === 'collection' ? 'collected from the bakery' : 'delivered'}), for {q.name}.
      </p>
      {q.message && <p className="mb-6 whitespace-pre-line">{q.message}</p>}
      <Card className="overflow-x-auto p-4 sm:p-6">
        <table className="w-full text-left">
          <caption className="sr-only">What the quote is for</caption>
          <thead>
            <tr className="border-b border-crumb">
              <th className="py-2">Item</th>
              <th className="pl-3 text-right">Quantity</th>
              <th className="pl-3 text-right">Each</th>
              <th className="pl-3 text-right">Amount</th>
            </tr>
          </thead>
          <tbody>
            {q.lines.map((l, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: lines keep their order
              <tr key={i} className="border-b border-crumb/50">
                <td className="py-2">{l.description}</td>
                <td className="pl-3 text-right">{l.quantity}</td>
                <td className="pl-3 text-right">{formatPence(l.unitPricePennies)}</td>
                <td className="pl-3 text-right">{formatPence(l.quantity * l.unitPricePennies)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={3} className="pt-3 text-right font-normal">
                Delivery
              </th>
              <td className="pt-3 pl-3 text-right">{formatPence(q.money.deliveryPennies)}</td>
            </tr>
            <tr>
              <th scope="row" colSpan={3} className="pt-1 text-right">
                Total
              </th>
              <td className="pl-3 text-right font-bold">{formatPence(q.money.totalPennies)}</td>
            </tr>
          </tfoot>
        </table>
        <dl className="mt-6 grid gap-2 sm:grid-cols-2">
          <dt className="text-cocoa-light">Deposit to book the date</dt>
          <dd className="font-medium">
            {q.money.depositPennies > 0 ? formatPence(q.money.depositPennies) : 'No deposit'}
          </dd>
          <dt className="text-cocoa-light">Balance</dt>
          <dd className="font-medium">
            {formatPence(q.money.balancePennies)}, due by {formatBakeDay(q.balanceDueOn)}
          </dd>
          <dt className="text-cocoa-light">Valid until</dt>
          <dd className="font-medium">{formatBakeDay(q.validUntil)}</dd>
        </dl>
      </Card>
      <div className="mt-6" aria-live="polite">
        {result?.ok ? (
          <p role="status" className="text-lg font-medium">
            {result.status === 'accepted'
              ? 'Thank you: you have accepted this quote. We will be in touch about the next steps.'
              : 'You have declined this quote.'}
          </p>
        ) : !open ? (
          <p role="status" className="text-lg font-medium">
            {q.status === 'accepted' ? 'You have accepted this quote.' : 'This quote has been declined.'}
          </p>
        ) : q.expired ? (
          <p role="alert" className="font-medium text-red-700">
            {QUOTE_EXPIRED}
          </p>
        ) : askDecline ? (
          <Form method="post" className="space-y-3">
            <p role="alert" className="font-medium">
              Decline this quote? We will let the bakery know. You can ask for a new quote any time.
            </p>
            <div className="flex flex-wrap gap-3">
              <Button type="submit" name="intent" value="decline-confirmed" variant="danger" disabled={busy}>
                Yes, decline the quote
              </Button>
              <Button type="submit" name="intent" value="accept" disabled={busy}>
                Accept instead
              </Button>
            </div>
          </Form>
        ) : (
          <Form method="post" className="flex flex-wrap gap-3">
            <Button type="submit" name="intent" value="accept" disabled={busy}>
              Accept
            </Button>
            <Button type="submit" name="intent" value="decline" variant="outline" disabled={busy}>
              Decline
            </Button>
          </Form>
        )}
        {refusal && (
          <p role="alert" className="mt-3 font-medium text-red-700">
            {refusal}
          </p>
        )}
      </div>
    </main>
  );
}
