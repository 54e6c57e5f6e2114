import { useState } from 'react';
import { data, Link, redirect, useFetcher } from 'react-router';
import { Button } from '~/app/components/ui/button';
import { Card } from '~/app/components/ui/card';
import { Label, Select } from '~/app/components/ui/input';
import { pageMeta } from '~/app/seo/meta';
import { requireCustomerPage } from '~/app/server/guards.server';
import { refusalOf } from '~/app/server/service-errors.server';
import { formatPence } from '~/shared/money/money';
import { formatBakeDay } from '~/shared/time/london-time';
import type { TradeTotals } from '~/shared/trade/trade';
import { vatRateText } from '~/shared/trade/trade-invoices';
import type { Route } from './+types/order';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Trade order',
    description: 'Order on account at your trade prices.',
    noIndex: true,
  });

/** The approved trade customer's order form; anyone else goes to the trade page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireCustomerPage(request, context, '/admin/invoices');
  const form = await context.services.tradeOrders.form(user.id);
  if (!form) throw redirect('/trade/apply');
  return data(
    {
      businessName: form.account.businessName,
      paymentTermsDays: form.account.paymentTermsDays,
      offer: form.offer,
      last: form.last,
      standing: form.standing,
      days: form.days.map((d) => ({ date: d.date, label: formatBakeDay(d.date), orderBy: d.orderBy })),
    },
    { headers: { 'Cache-Control': 'private, no-store' } },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

type Answer =
  | { ok: true; intent: 'check'; priced: TradeTotals; refusal: string | null }
  | { ok: true; intent: 'place'; orderId: string; deliveryDate: string; priced: TradeTotals }
  | { ok: false; intent: string; error: string; fields: Record<string, string> };

/** `check` prices the quantities on the server; `place` orders them on account. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireCustomerPage(request, context, '/admin/invoices');
  const form = await request.formData();
  const intent = form.get('intent') === 'place' ? 'place' : 'check';
  const quantities: Record<string, string> = {};
  for (const [key, value] of form.entries())
    if (key.startsWith('q_') && typeof value === 'string') quantities[key.slice(2)] = value;
  const input = { quantities, deliveryDate: form.get('deliveryDate') || undefined };
  try {
    if (intent === 'check') {
      const { priced, refusal } = await context.services.tradeOrders.quote(user.id, input);
      return { ok: true, intent, priced, refusal } satisfies Answer;
    }
    const placed = await context.services.tradeOrders.place(user.id, input, {
      type: 'customer',
      id: user.id,
      name: user.name,
    });
    return { ok: true, intent, ...placed } satisfies Answer;
  } catch (err) {
    const refused = refusalOf(err);
    if (!refused) throw err;
    return data({ ok: false, intent, error: refused.message, fields: refused.fields } satisfies Answer, {
      status: refused.status,
    });
  }
}

function Totals({ priced }: { priced: TradeTotals }) {
  return (
    <dl className="grid max-w-xs grid-cols-[1fr_auto] gap-x-6 gap-y-1">
      {priced.byRate.map((r) => (
        <div key={r.vatRate} className="contents">
          <dt>VAT {vatRateText(r.vatRate).toLowerCase()}</dt>
          <dd className="text-right">{formatPence(r.vatPennies)}</dd>
        </div>
      ))}
      <dt>Total ex VAT</dt>
      <dd className="text-right">{formatPence(priced.netPennies)}</dd>
      <dt>VAT</dt>
      <dd className="text-right">{formatPence(priced.vatPennies)}</dd>
      <dt className="font-bold">Total</dt>
      <dd className="text-right font-bold">{formatPence(priced.totalPennies)}</dd>
    </dl>
  );
}

export default function TradeOrder({ loaderData }: Route.ComponentProps) {
  const { businessName, paymentTermsDays, offer, last, standing, days } = loaderData;
  const fetcher = useFetcher<Answer>();
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  // A checked total is hidden once a quantity changes: it would no longer be this order's.
  const [changedSinceCheck, setChangedSinceCheck] = useState(false);
  const change = (next: Record<string, string>) => {
    setQuantities(next);
    setChangedSinceCheck(true);
  };
  const answer = fetcher.data;
  const busy = fetcher.state !== 'idle';
  const hasLast = Object.keys(last).length > 0;

  if (answer?.ok && answer.intent === 'place') {
    return (
      <main className="mx-auto w-full max-w-3xl px-4 py-10">
        <h1 className="mb-4 text-3xl font-bold">Order placed on account</h1>
        <Card className="space-y-3 p-6" role="status">
          <p className="text-lg">
            Thank you: your order of {formatPence(answer.priced.totalPennies)} will be delivered on{' '}
            {formatBakeDay(answer.deliveryDate)}.
          </p>
          <p>Your invoice comes by e-mail when it is delivered, to pay within {paymentTermsDays} days.</p>
          <div className="flex flex-wrap gap-3">
            <Button asChild>
              <Link to={`/account/orders/${answer.orderId}`}>See the order</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/trade/invoices" className="underline">
                Your invoices
              </Link>
            </Button>
          </div>
        </Card>
      </main>
    );
  }

  const refused = answer && !answer.ok ? answer : null;
  const checked = answer?.ok && answer.intent === 'check' ? answer : null;
  return (
    <main className="mx-auto w-full max-w-4xl px-4 py-10">
      <h1 className="mb-2 text-3xl font-bold">Trade order</h1>
      <p className="mb-4 text-cocoa-light">
        {businessName}: prices per cookie ex VAT. Owed now {formatPence(standing.owedPennies)} of a{' '}
        {formatPence(standing.creditLimitPennies)} credit limit.{' '}
        <Link to="/trade/invoices" className="underline">
          Your invoices
        </Link>{' '}
        ·{' '}
        <Link to="/trade/standing" className="underline">
          Standing orders
        </Link>
      </p>
      {standing.refusal && (
        <p
          role="alert"
          className="mb-4 rounded-md border border-red-300 bg-red-50 p-3 font-medium text-red-800"
        >
          {standing.refusal}
        </p>
      )}
      {offer.length === 0 ? (
        <Card className="p-6">
          <p>
            Your price list is being set up. <Link to="/contact">Contact us</Link> if you have any questions.
          </p>
        </Card>
      ) : (
        <fetcher.Form method="post" className="space-y-6" onSubmit={() => setChangedSinceCheck(false)}>
          {hasLast && (
            <Button
              type="button"
              variant="outline"
              onClick={() =>
                change(Object.fromEntries(Object.entries(last).map(([id, q]) => [id, String(q)])))
              }
            >
              Same as last order
            </Button>
          )}
          <div className="overflow-x-auto">
            <table className="w-full min-w-[20rem] text-left">
              <thead>
                <tr className="border-b border-crumb">
                  <th className="py-2">Cookie</th>
                  <th>Price ex VAT</th>
                  <th className="hidden sm:table-cell">VAT</th>
                  <th>Quantity</th>
                </tr>
              </thead>
              <tbody>
                {offer.map((o) => {
                  const id = `q_${o.productId}`;
                  const error = refused?.fields?.[id];
                  return (
                    <tr key={o.productId} className="border-b border-crumb/50 align-top">
                      <td className="py-2">
                        <label htmlFor={id} className="font-medium">
                          {o.name}
                        </label>
                        <p id={`${id}-hint`} className="text-sm text-cocoa-light">
                          {`In cases of ${o.caseSize}`}
                          {o.minQuantity > 0 ? `, at least ${o.minQuantity}` : ''}
                        </p>
                      </td>
                      <td className="py-2">{formatPence(o.unitPenniesExVat)}</td>
                      <td className="hidden py-2 sm:table-cell">{vatRateText(o.vatRate)}</td>
                      <td className="py-2">
                        <input
                          id={id}
                          name={id}
                          type="number"
                          inputMode="numeric"
                          min={0}
                          step={o.caseSize}
                          value={quantities[o.productId] ?? ''}
                          onChange={(e) => change({ ...quantities, [o.productId]: e.target.value })}
                          aria-invalid={error ? true : undefined}
                          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
                          className="h-10 w-24 rounded-md border border-cocoa/30 px-2"
                        />
                        {error && (
                          <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
                            {error}
                          </p>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <div className="max-w-md">
            <Label htmlFor="deliveryDate">Delivery day</Label>
            {days.length === 0 ? (
              <p className="text-cocoa-light">No delivery days are open at the moment.</p>
            ) : (
              <Select id="deliveryDate" name="deliveryDate" defaultValue={days[0]?.date}>
                {days.map((d) => (
                  <option key={d.date} value={d.date}>
                    {`${d.label} (${d.orderBy.replace(/^Order/, 'order')})`}
                  </option>
                ))}
              </Select>
            )}
            {refused?.fields?.delivery_date && (
              <p className="mt-1 text-sm font-medium text-red-700">{refused.fields.delivery_date}</p>
            )}
          </div>
          {refused && (
            <p role="alert" className="font-medium text-red-700">
              {refused.error}
            </p>
          )}
          {checked && !changedSinceCheck && (
            <Card className="space-y-2 p-4" aria-live="polite">
              <h2 className="font-bold">Your order</h2>
              <Totals priced={checked.priced} />
              {checked.refusal && (
                <p role="alert" className="font-medium text-red-700">
                  {checked.refusal}
                </p>
              )}
            </Card>
          )}
          <div className="flex flex-wrap gap-3">
            <Button type="submit" name="intent" value="check" variant="outline" disabled={busy}>
              Check the total
            </Button>
            <Button
              type="submit"
              name="intent"
              value="place"
              disabled={busy || !!standing.refusal || days.length === 0}
            >
              Place order on account
            </Button>
          </div>
          <p className="text-sm text-cocoa-light">
            No card needed: you pay the invoice within {paymentTermsDays} days.
          </p>
        </fetcher.Form>
      )}
    </main>
  );
}
