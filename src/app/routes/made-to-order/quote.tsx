import { data, Form, Link, redirect, useActionData, useNavigation } from 'react-router';
import { Button } from '~/app/components/ui/button';
import { Card } from '~/app/components/ui/card';
import { pageMeta } from '~/app/seo/meta';
import { getUser } from '~/app/server/guards.server';
import { orNotFoundPage, refusalOf } from '~/app/server/service-errors.server';
import { QUOTE_EXPIRED } from '~/shared/made-to-order/made-to-order';
import { formatPence } from '~/shared/money/money';
import { formatBakeDay } from '~/shared/time/london-time';
import type { Route } from './+types/quote';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'Your quote', description: 'Your made-to-order quote.', noIndex: true });

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const q = await orNotFoundPage(
    () => context.services.madeToOrder.quoteByToken(params.token),
    'We cannot find that quote.',
  );
  // Back from the deposit's page: a balance already due is e-mailed now.
  if (new URL(request.url).searchParams.get('paid') === 'deposit')
    await context.services.madeToOrderJobs.balanceDueNow(params.token);
  const [job, user] = await Promise.all([
    context.services.madeToOrderJobs.stateByToken(params.token),
    getUser(request, context),
  ]);
  return data(
    {
      signedIn: !!user,
      here: new URL(request.url).pathname,
      // What has been paid, from the order's money taken (decision 088).
      job: job && {
        orderId: job.orderId,
        number: job.number,
        status: job.status,
        paidState: job.text,
        owedPennies: job.owedPennies,
        depositTaken: job.takenPennies > 0,
      },
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
  if (intent !== 'accept' && intent !== 'decline-confirmed' && intent !== 'pay')
    return { ok: false as const, askDecline: true as const };
  const accept = intent === 'accept';
  try {
    if (intent === 'pay') {
      const { url } = await context.services.madeToOrderJobs.pay(params.token);
      return redirect(url);
    }
    if (accept) {
      // Accepting makes the order and opens the hosted page for the deposit (decision 088).
      const user = await getUser(request, context);
      const { url } = await context.services.madeToOrderJobs.accept(params.token, user?.id ?? null);
      return redirect(url);
    }
    const answer = await context.services.madeToOrder.declineQuote(params.token);
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
        {q.job ? (
          <div className="space-y-3">
            <p role="status" className="text-lg font-medium">
              {q.job.status === 'cancelled'
                ? `Order ${q.job.number} is cancelled.`
                : q.job.paidState
                  ? `Order ${q.job.number}: ${q.job.paidState}`
                  : `Order ${q.job.number}: waiting for the deposit.`}
            </p>
            {q.job.status !== 'cancelled' && q.job.owedPennies > 0 && (
              <Form method="post">
                <Button type="submit" name="intent" value="pay" disabled={busy}>
                  {q.job.depositTaken || q.money.depositPennies === 0
                    ? `Pay the balance of ${formatPence(q.job.owedPennies)}`
                    : `Pay the deposit of ${formatPence(q.money.depositPennies)}`}
                </Button>
              </Form>
            )}
            {q.signedIn && (
              <p>
                <Link to={`/account/orders/${q.job.orderId}`} className="text-caramel-dark underline">
                  See the order
                </Link>
              </p>
            )}
          </div>
        ) : result?.ok ? (
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
            {!q.signedIn && (
              <p className="w-full">
                To accept, please{' '}
                <Link
                  to={`/auth?redirectTo=${encodeURIComponent(q.here)}`}
                  className="text-caramel-dark underline"
                >
                  sign in or create an account
                </Link>{' '}
                first: the order and its deposit are kept with your account.
              </p>
            )}
            <Button type="submit" name="intent" value="accept" disabled={busy || !q.signedIn}>
              {q.money.depositPennies > 0
                ? `Accept and pay the deposit of ${formatPence(q.money.depositPennies)}`
                : `Accept and pay ${formatPence(q.money.totalPennies)}`}
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
